"""Python tracebacks as SGLang's processes print them: frames, chaining, and the scheduler's start-up chain.

Every failure text the sim prints is a traceback through SGLang's (and PyTorch's) real files and line
numbers, so that a classifier tuned on the sim holds on a real host. This module holds the pieces all of
them share: a frame, `traceback.format_exception`'s layout, SGLang's model-file naming, the PyTorch
frames every forward passes through, and `VersionText`, the base of the per-version text classes
(startup_errors.py, forward_errors.py, templates.py) with the start-up chain they all begin with.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from safelaunch.sim.versions import SglangVersion

SGLANG_ROOT = "/sgl-workspace/sglang/python/sglang/"
SITE = "/usr/local/lib/python3.12/dist-packages/"


@dataclass(frozen=True)
class Frame:
    path: str  # relative to the SGLang package root, or absolute for site-packages
    line: int
    func: str
    code: str

    def render(self) -> str:
        path = self.path if self.path.startswith("/") else SGLANG_ROOT + self.path
        return f'  File "{path}", line {self.line}, in {self.func}\n    {self.code}\n'


def traceback_text(frames: Sequence[Frame], exc_line: str) -> str:
    """`traceback.format_exception` of one exception: header, frames, then `Type: message`."""
    return "Traceback (most recent call last):\n" + "".join(f.render() for f in frames) + exc_line + "\n"


def chained(first: str, second: str) -> str:
    return first + "\nDuring handling of the above exception, another exception occurred:\n\n" + second


def model_file(architecture: str) -> str:
    """`DeepseekV4ForCausalLM` -> `models/deepseek_v4.py` (SGLang's file naming)."""
    stem = re.sub(r"For(CausalLM|ConditionalGeneration|SequenceClassification)$", "", architecture)
    stem = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", stem).lower()
    stem = re.sub(r"_?v(\d)", r"_v\1", stem).replace("__", "_")
    return f"srt/models/{stem}.py"


TORCH_CTX = Frame(SITE + "torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)")
TORCH_CALL = (
    Frame(SITE + "torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    Frame(SITE + "torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
)


class VersionText:
    """The texts of one SGLang version (the classic 0.5.10 family or the new 0.5.20+ one)."""

    def __init__(self, version: SglangVersion) -> None:
        self.version = version
        self.new = version.new_family

    def _init_frames(self) -> list[Frame]:
        """run_scheduler_process -> ... -> ModelRunner.__init__ (the scheduler start-up chain)."""
        if self.new:
            return [
                Frame("srt/managers/scheduler.py", 3921, "run_scheduler_process", "scheduler = Scheduler("),
                Frame("srt/managers/scheduler.py", 402, "__init__", "self.init_model_worker()"),
                Frame("srt/managers/scheduler.py", 655, "init_model_worker", "self.init_tp_model_worker()"),
                Frame(
                    "srt/managers/scheduler.py",
                    621,
                    "init_tp_model_worker",
                    "self.tp_worker = TpModelWorker(**worker_kwargs)",
                ),
                Frame("srt/managers/tp_worker.py", 270, "__init__", "self._init_model_runner()"),
                Frame("srt/managers/tp_worker.py", 353, "_init_model_runner", "self._model_runner = ModelRunner("),
                Frame("srt/model_executor/model_runner.py", 398, "__init__", "self.initialize(pre_model_load_memory)"),
            ]
        return [
            Frame("srt/managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
            Frame("srt/managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
            Frame("srt/managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
            Frame(
                "srt/managers/scheduler.py",
                600,
                "init_tp_model_worker",
                "self.tp_worker = TpModelWorker(**worker_kwargs)",
            ),
            Frame("srt/managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
            Frame("srt/managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
            Frame("srt/model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
        ]

"""Whether SGLang's benchmark can start in an interpreter: run it with `--help`, as a GPU host would run it.

Why apart: an installed package is not a working tool. SGLang 0.5.10.post1's `bench_serving` imports
`sglang.srt.utils`, whose `common.py` imports torch (and triton, torchvision, zmq); from 0.5.11 `import sglang`
itself does. In an environment where one of those is missing or broken the tool cannot even print its help, so
it is run once, with a short timeout, before any load is sent. Its help also says which flags this version
takes (`--tokenize-prompt`, `--tokenizer`, `--warmup-requests`), read rather than guessed from the version.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass

PROBE_TIMEOUT_S = 90.0  # importing transformers and torch on a busy 2-core host takes tens of seconds
FLAGS_OF_INTEREST = ("--tokenize-prompt", "--tokenizer", "--warmup-requests", "--ready-check-timeout-sec")
_FRAME = re.compile(r'File "([^"]+)", line (\d+), in ')
_ERROR = re.compile(r"^(\w+(?:\.\w+)*(?:Error|Exception|Exit)\b.*)$")


@dataclass(frozen=True)
class ToolProbe:
    ok: bool
    flags: frozenset[str] = frozenset()
    error: str = ""  # one line: the failing import and where, when it cannot start


def flags_in_help(text: str) -> frozenset[str]:
    """The flags of interest that this version's `--help` lists."""
    found = set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", text))
    return frozenset(f for f in FLAGS_OF_INTEREST if f in found)


def _short(path: str) -> str:
    """`.../site-packages/sglang/srt/utils/common.py` -> `sglang/srt/utils/common.py`."""
    parts = path.replace("\\", "/").split("/")
    for i, part in enumerate(parts):
        if part in ("sglang", "safelaunch"):
            return "/".join(parts[i:])
    return path


def failure_line(output: str, returncode: int | None) -> str:
    """One line from a failed start: the exception, and the last frame (file:line and its source) that raised it."""
    lines = output.splitlines()
    error, at = "", ""
    for i in range(len(lines) - 1, -1, -1):
        m = _ERROR.match(lines[i].strip())
        if m and not error:
            error = m.group(1)
            for j in range(i - 1, -1, -1):
                frame = _FRAME.search(lines[j])
                if frame:
                    source = lines[j + 1].strip() if j + 1 < len(lines) and j + 1 != i else ""
                    at = f"{_short(frame.group(1))}:{frame.group(2)}" + (f" `{source}`" if source else "")
                    break
            break
    if not error:
        rest = [ln.strip() for ln in lines if ln.strip()]
        error = rest[-1] if rest else f"exited with status {returncode} and printed nothing"
    return (error + (f" (at {at})" if at else ""))[:400]


def probe_tool(python: str, module: str, timeout: float = PROBE_TIMEOUT_S) -> ToolProbe:
    """Run `PYTHON -m MODULE --help`; ok with the flags it lists, else the failing import in one line."""
    env = dict(os.environ)
    env.setdefault("HF_HUB_OFFLINE", "1")  # --help needs no network; a probe must never wait on one
    for k in ("OPENAI_API_KEY", "API_KEY"):
        env.pop(k, None)
    try:
        res = subprocess.run(
            [python, "-m", module, "--help"],
            capture_output=True,
            text=True,
            errors="replace",
            stdin=subprocess.DEVNULL,
            timeout=timeout,
            env=env,
        )
    except subprocess.TimeoutExpired:
        return ToolProbe(False, error=f"`{module} --help` did not finish within {timeout:g} s")
    except OSError as exc:
        return ToolProbe(False, error=f"cannot run {python}: {exc.strerror or exc}")
    if res.returncode != 0 or "--num-prompts" not in res.stdout:
        return ToolProbe(False, error=failure_line(res.stderr + "\n" + res.stdout, res.returncode))
    return ToolProbe(True, flags_in_help(res.stdout))

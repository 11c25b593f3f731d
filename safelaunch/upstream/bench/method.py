"""How a figure is measured, decided before the tool runs: which tokenizer, exact input lengths, the warm-up.

Why apart: two tools (or two SGLang versions) given the same workload can still measure different things. SGLang's
tool loads the tokenizer from `--model` (a Hub id) unless told a path; without `--tokenize-prompt` it decodes
`random-ids` to text that the server re-tokenizes, so input lengths drift; and up to 0.5.20 it sends every warm-up
request at once, ignoring `--max-concurrency`, so a concurrency-1 workload would follow a 64-request burst. These
pure rules make each choice and say it in words that are stored with the figures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from safelaunch.core.recipes import version_tuple
from safelaunch.upstream.bench.workloads import Workload

# 0.5.21 keeps warm-up at the run's concurrency ("Otherwise, --warmup-requests also becomes an unbounded warmup
# burst", benchmark/serving.py); 0.5.5-0.5.20 gather every warm-up request at once (research §3.4).
WARMUP_RESPECTS_CONCURRENCY_SINCE = (0, 5, 21)
# random-ids' ids become Python ints (`int((offsets[i] + i + j) % vocab)`) from 0.5.9; 0.5.5-0.5.8 keep numpy int64
TOKENIZE_PROMPT_RANDOM_IDS_SINCE = (0, 5, 9)


@dataclass(frozen=True)
class Tokenizer:
    path: str | None  # what `--tokenizer` gets; None: the tool's own default (the served model id)
    source: str  # where it came from, in words

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "source": self.source}


def choose_tokenizer(
    override: str | None,
    info: Mapping[str, Any] | None,
    model: str,
    is_dir: Callable[[str], bool],
    cached_snapshot: Callable[[str, str | None], str | None] = lambda _m, _r: None,
    revision: str | None = None,
) -> Tokenizer:
    """The tokenizer the server loaded: `--tokenizer`, else /server_info's tokenizer_path or model_path when that
    directory is on this host, else the Hub cache's snapshot of the revision, else the model id itself."""
    if override:
        return Tokenizer(override, "--tokenizer")
    state = dict(info or {})
    rev = revision or (str(state["revision"]) if state.get("revision") else None)
    for key in ("tokenizer_path", "model_path"):
        value = state.get(key)
        if isinstance(value, str) and value and is_dir(value):
            return Tokenizer(value, f"the server's {key} (/server_info), a directory on this host")
    served = state.get("tokenizer_path") or state.get("model_path") or model
    snap = cached_snapshot(str(served), rev)
    if snap:
        return Tokenizer(snap, f"the Hub cache's snapshot of {served}" + (f" at revision {rev}" if rev else ""))
    return Tokenizer(str(served), f"{served} by name (the Hub or its cache must have it)")


def tokenize_prompt(tool: str, flags: frozenset[str], dataset: str, version: str | None) -> bool:
    """Exact input lengths: SGLang's tool sends `input_ids` with `--tokenize-prompt` (sglang backend, random-ids).

    Every version checked lists the flag, but before 0.5.9 random-ids builds its ids as numpy int64, which the
    request's JSON cannot carry (`TypeError: Object of type int64 is not JSON serializable`, seen with 0.5.5):
    there the ids go as text."""
    v = version_tuple(version)
    fixed = v is not None and v >= TOKENIZE_PROMPT_RANDOM_IDS_SINCE
    return tool == "sglang" and "--tokenize-prompt" in flags and dataset == "random-ids" and fixed


def exact_lengths(tool: str, flags: frozenset[str], dataset: str, version: str | None) -> bool:
    """Token ids are sent: SGLang's tool with `--tokenize-prompt`, or the load generator on random-ids."""
    return tokenize_prompt(tool, flags, dataset, version) or (tool != "sglang" and dataset == "random-ids")


def lengths_note(tool: str, flags: frozenset[str], dataset: str, version: str | None) -> str:
    if exact_lengths(tool, flags, dataset, version):
        how = "--tokenize-prompt" if tool == "sglang" else "the load generator"
        return f"input lengths: exact (token ids sent: {how})"
    if tool == "sglang" and dataset == "random-ids":
        why = (
            f"SGLang {version}'s --tokenize-prompt cannot send random-ids: numpy int64 ids, fixed in 0.5.9"
            if "--tokenize-prompt" in flags
            else "this version has no --tokenize-prompt"
        )
        return f"input lengths: not exact: random ids are decoded to text and re-tokenized by the server ({why})"
    return "input lengths: text, counted by the server"


@dataclass(frozen=True)
class Warmup:
    requests: int  # what the tool is told (--warmup-requests)
    at_once: int  # the most warm-up requests in flight together
    asked: int  # what the workload asked for
    note: str

    def to_json(self) -> dict[str, Any]:
        return {"requests": self.requests, "at_once": self.at_once, "asked": self.asked, "note": self.note}


def warmup_for(tool: str, version: str | None, w: Workload) -> Warmup:
    """Never more warm-up requests in flight than the workload's concurrency.

    safelaunch's load generator and SGLang >= 0.5.21 run warm-up under the concurrency limit; older SGLang sends
    all of it at once, so it gets at most one round (`min(asked, concurrency)`).
    """
    asked, c = w.warmup_requests, max(1, w.max_concurrency)
    v = version_tuple(version)
    if tool != "sglang" or (v is not None and v >= WARMUP_RESPECTS_CONCURRENCY_SINCE):
        who = "the load generator" if tool != "sglang" else f"SGLang {version}"
        note = f"{asked} warm-up request(s), at most {min(asked, c)} at once ({who} keeps the concurrency limit)"
        return Warmup(asked, min(asked, c), asked, note)
    n = min(asked, c)
    why = f"SGLang {version or '(version unknown)'} sends its warm-up all at once, ignoring --max-concurrency"
    if n < asked:
        note = f"{n} warm-up request(s) at once, not {asked}: {why}, so safelaunch caps it at the concurrency"
    else:
        note = f"{n} warm-up request(s) at once (within the concurrency {c}; {why})"
    return Warmup(n, n, asked, note)


def input_tokens_check(
    tool_total: Any, completed: Any, server: Mapping[str, float] | None, warmup: Warmup, exact: bool
) -> dict[str, Any]:
    """The input tokens the tool reported beside what the server counted (from /metrics' counters).

    The server's counters cover everything it served meanwhile, the warm-up included, so both sides are compared
    per request (with exact lengths, token ids sent, every request is the workload's ISL on both sides).
    """
    out: dict[str, Any] = {"tool_total_input_tokens": tool_total, "exact_lengths": exact}
    if not server:
        out["server"] = None
        out["note"] = "the server's own count is unavailable (no /metrics: SGLang serves it with --enable-metrics)"
        return out
    prompt, reqs = server.get("prompt_tokens", 0.0), server.get("requests", 0.0)
    out["server"] = {
        "prompt_tokens": prompt,
        "requests": reqs,
        "source": "/metrics sglang:prompt_tokens_total and sglang:num_requests_total, before and after",
    }
    tool_per = (float(tool_total) / float(completed)) if tool_total and completed else None
    server_per = prompt / reqs if reqs else None
    out["tool_per_request"], out["server_per_request"] = tool_per, server_per
    if tool_per is not None and server_per is not None:
        same = abs(tool_per - server_per) < 0.5
        out["agree"] = same
        out["note"] = (
            f"input tokens per request: the tool {tool_per:.1f}, the server {server_per:.1f} "
            f"({int(reqs)} requests incl. {warmup.requests} warm-up)" + ("" if same else " - they differ")
        )
    return out

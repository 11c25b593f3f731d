"""A load generator that speaks SGLang's bench_serving command line and result format, for hosts without SGLang.

Why it exists: `safelaunch bench` and `serve --bench` run SGLang's own `bench_serving` whenever SGLang is
installed for the interpreter, because the cookbook's figures come from it. Where it is not (the simulated
engine, a rehearsal box, a container whose insides we cannot reach), this module stands in: the same flags
(`--backend sglang --dataset-name random-ids ... --output-file F`), the same request to SGLang's native
`/generate` (`input_ids` or `text`, `sampling_params.max_new_tokens`, `ignore_eos`, `stream`), the same
timing rules (TTFT at the first chunk that carries text, inter-token latency split over the tokens a chunk
added, TPOT = (latency - TTFT) / (output tokens - 1)), and one JSON line appended to the output file with
bench_serving's keys, plus `"tool": "safelaunch.upstream.loadgen"` so a reader can tell them apart.

What it does differently, on purpose: no tokenizer. `random-ids` sends token ids directly (bench_serving's
`--tokenize-prompt` path), so input lengths are exact. `random` needs a local ShareGPT file (`--dataset-path`;
nothing is downloaded) and builds text of about ISL words from it; input tokens are then counted from the
server's own `meta_info.prompt_tokens`, not guessed. Warm-up and measured requests use asyncio and one httpx
connection pool; the clock is `time.perf_counter`.

The package: `prompts` (what is sent), `client` (one timed request), `metrics` (the figures), `run` (one
benchmark), `cli` (the command line; `__main__` runs it).
"""

from __future__ import annotations

from safelaunch.upstream.loadgen.cli import main
from safelaunch.upstream.loadgen.metrics import compute_metrics, percentile
from safelaunch.upstream.loadgen.prompts import LoadgenError, RequestSpec
from safelaunch.upstream.loadgen.run import TOOL

__all__ = ["TOOL", "LoadgenError", "RequestSpec", "compute_metrics", "main", "percentile"]

"""What the server itself counted: its `/metrics` counters of prompt tokens and requests, read around a run.

Why apart: a benchmark tool reports the input lengths it asked for; only the server knows how many tokens it
prefilled (SGLang 0.5.10.post1's `total_input_tokens` is the sum of the requested lengths). SGLang serves
Prometheus counters with `--enable-metrics`; the difference before and after a run is what the server saw.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

COUNTERS = {"sglang:prompt_tokens_total": "prompt_tokens", "sglang:num_requests_total": "requests"}
_SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{[^}]*\})?\s+([-+0-9.eEinfNa]+)\s*$")


def parse_counters(text: str) -> dict[str, float] | None:
    """Sum each counter over its label sets (one per rank); None when the server exports neither."""
    out: dict[str, float] = {}
    for line in text.splitlines():
        m = _SAMPLE.match(line.strip())
        if m and m.group(1) in COUNTERS:
            try:
                out[COUNTERS[m.group(1)]] = out.get(COUNTERS[m.group(1)], 0.0) + float(m.group(2))
            except ValueError:
                continue
    return out or None


def difference(before: Mapping[str, float] | None, after: Mapping[str, float] | None) -> dict[str, float] | None:
    if not before or not after:
        return None
    return {k: after[k] - before.get(k, 0.0) for k in after}


def read_counters(host: str, port: int, api_key: str | None, timeout: float = 5.0) -> dict[str, float] | None:
    """GET /metrics; None when it is not served (no --enable-metrics) or does not answer."""
    import httpx

    h = f"[{host}]" if ":" in host and not host.startswith("[") else host
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    try:
        r = httpx.get(f"http://{h}:{port}/metrics", headers=headers, timeout=timeout, trust_env=False)
    except httpx.HTTPError:
        return None
    return parse_counters(r.text) if r.status_code == 200 else None

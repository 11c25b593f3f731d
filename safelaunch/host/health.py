"""HTTP probes of a starting or running SGLang server.

SGLang binds its port only after weights, KV pool and graph capture, so a refused connection means
"still starting", never a failure; `/health` answers 503 until warm-up is done. While serving, liveness is a
tiny generation with a deadline (`LivenessProbe`), probed from a thread so that the supervisor keeps reading the
log and watching the ranks while a frozen server makes the request wait.

httpx is imported where a request is made, not with this module: `plan` reaches this module through `supervise`
and never probes anything, and httpx (with the rich it imports for its own CLI) is a third of its start-up.
"""

from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Probe:
    state: str  # "refused" | "starting" | "ok" | "error"
    status_code: int | None = None
    detail: str = ""


def probe_host(host: str) -> str:
    """Where to reach a server bound to `host`: a wildcard bind is reached on loopback."""
    return "127.0.0.1" if host in ("0.0.0.0", "", "::") else host


class HealthClient:
    """A small client bound to one server; one connection pool for the life of the attempt."""

    def __init__(self, host: str, port: int, api_key: str | None = None, timeout: float = 5.0) -> None:
        import httpx

        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.base_url = f"http://{probe_host(host)}:{port}"
        self.client = _client(httpx, base_url=self.base_url, headers=headers, timeout=timeout)

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> HealthClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def health(self) -> Probe:
        import httpx

        try:
            r = self.client.get("/health")
        except httpx.ConnectError:
            return Probe("refused")
        except httpx.HTTPError as exc:
            return Probe("error", None, type(exc).__name__)
        if r.status_code == 200:
            return Probe("ok", 200)
        if r.status_code == 503:
            return Probe("starting", 503)
        return Probe("error", r.status_code, r.text[:200])

    def tiny_generation(self, model: str | None = None) -> Probe:
        """One short generation: `/generate` (SGLang native), else `/v1/completions`; booting is not serving."""
        import httpx

        try:
            r = self.client.post("/generate", json={"text": "Hello", "sampling_params": {"max_new_tokens": 4}})
            if r.status_code == 200 and "text" in r.json():
                return Probe("ok", 200)
            r = self.client.post(
                "/v1/completions", json={"model": model or "default", "prompt": "Hello", "max_tokens": 4}
            )
            if r.status_code == 200 and r.json().get("choices"):
                return Probe("ok", 200)
            return Probe("error", r.status_code, r.text[:200])
        except httpx.ConnectError:
            return Probe("refused")
        except (httpx.HTTPError, ValueError) as exc:
            return Probe("error", None, type(exc).__name__)

    def server_info(self) -> dict[str, Any] | None:
        """What the server resolved (`/server_info`, or `/get_server_info` before 0.5.x renamed it)."""
        import httpx

        for path in ("/server_info", "/get_server_info"):
            try:
                r = self.client.get(path)
            except httpx.HTTPError:
                return None
            if r.status_code == 200:
                try:
                    data = r.json()
                except ValueError:
                    return None
                return data if isinstance(data, dict) else None
        return None


@dataclass(frozen=True)
class Liveness:
    """One liveness probe: did a tiny generation come back within the deadline, and how long it took."""

    ok: bool
    seconds: float
    detail: str = ""


class LivenessProbe:
    """A thread that runs one tiny generation every `interval` seconds (after the previous one ended), each with
    `deadline` seconds to answer, and hands the outcomes to the supervisor's loop through `results()`.

    Not `/health` alone: depending on the SGLang version and SGLANG_ENABLE_HEALTH_ENDPOINT_GENERATION, `/health`
    may answer from the HTTP process without reaching a scheduler."""

    def __init__(
        self, host: str, port: int, api_key: str | None, model: str | None, interval: float, deadline: float
    ) -> None:
        self.client = HealthClient(host, port, api_key, timeout=deadline)
        self.model = model
        self.interval = interval
        self.deadline = deadline
        self._out: queue.Queue[Liveness] = queue.Queue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="liveness-probe")

    def __enter__(self) -> LivenessProbe:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()  # an unanswered request may hold the thread until its deadline: it is a daemon
        threading.Thread(target=self.client.close, daemon=True).start()

    def results(self) -> list[Liveness]:
        out = []
        while True:
            try:
                out.append(self._out.get_nowait())
            except queue.Empty:
                return out

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            t0 = time.monotonic()
            probe = self.client.tiny_generation(self.model)
            elapsed = time.monotonic() - t0
            if self._stop.is_set():
                return
            detail = "" if probe.state == "ok" else (probe.detail or probe.state)
            if detail in ("ReadTimeout", "WriteTimeout", "PoolTimeout", "ConnectTimeout"):
                detail = f"no answer within {self.deadline:g} s"
            if probe.status_code not in (None, 200):
                detail = f"HTTP {probe.status_code} {detail}".strip()
            self._out.put(Liveness(probe.state == "ok", elapsed, detail))


def full_chunk_probe(host: str, port: int, api_key: str | None = None, timeout: float = 60.0) -> tuple[bool, str]:
    """Booting is not serving: one request as long as a whole prefill chunk (what load brings soon enough),
    one new token, within `timeout`. (True, "") when answered; else (False, why)."""
    import httpx

    base = f"http://{probe_host(host)}:{port}"
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    try:
        with _client(httpx, base_url=base, headers=headers, timeout=10) as client:
            info: Any = {}
            for path in ("/server_info", "/get_server_info"):  # SGLang >= 0.5.10 / before (0.5.5)
                r = client.get(path)
                if r.status_code == 200:
                    info = r.json()
                    break
            chunk = int(info.get("chunked_prefill_size") or 0)
            longest = int(info.get("max_req_input_len") or chunk or 0)
            tokens = min(chunk, longest) if chunk > 0 and longest > 0 else (chunk or longest or 8192)
            body = {"input_ids": [1 + i % 1000 for i in range(tokens)], "sampling_params": {"max_new_tokens": 1}}
            r = client.post("/generate", json=body, timeout=timeout)
    except (httpx.HTTPError, ValueError, TypeError) as exc:
        return False, type(exc).__name__
    return (True, "") if r.status_code == 200 else (False, f"HTTP {r.status_code}")


def _client(httpx: Any, **kwargs: Any) -> Any:
    """A client for plain-HTTP probes. The probes only ever speak `http://`, so no certificate store is loaded:
    httpx builds a verifying TLS context for every client (25-50 ms each), time taken from the server's first
    answer on every attempt. No proxy from the environment either: the server is reached directly."""
    return httpx.Client(verify=False, trust_env=False, **kwargs)

"""What a person sees: a live status on a terminal, structured log lines elsewhere, from the same events."""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from typing import Any

from safelaunch import logsetup
from safelaunch.core import hardware

PHASE_WORDS = {
    "launching": "launching",
    "loading_weights": "loading weights",
    "kv_cache": "allocating the KV cache",
    "cuda_graph": "capturing CUDA graphs",
    "warmup": "warming up",
    "ready": "ready",
    "serving": "serving",
}


def describe_progress(phase: str, numbers: Mapping[str, Any]) -> str:
    """`capturing CUDA graphs bs=160`, `loading weights 42%`: the detail worth a glance."""
    words = PHASE_WORDS.get(phase, phase)
    if phase == "loading_weights" and numbers.get("weights_pct") is not None:
        return f"{words} {float(numbers['weights_pct']):.0f}%"
    if phase == "cuda_graph" and numbers.get("batch_size") is not None:
        avail = numbers.get("avail_mem_bytes")
        tail = f" avail {hardware.fmt_bytes(avail)}" if avail else ""
        return f"{words} bs={int(numbers['batch_size'])}{tail}"
    if phase == "kv_cache" and numbers.get("kv_tokens"):
        return f"{words} ({int(numbers['kv_tokens'])} tokens)"
    return words


def describe_numbers(numbers: Mapping[str, Any]) -> str:
    parts = []
    for key in ("tried_bytes", "free_bytes", "total_bytes", "in_use_bytes"):
        if numbers.get(key) is not None:
            parts.append(f"{key.removesuffix('_bytes').replace('_', ' ')} {hardware.fmt_bytes(numbers[key])}")
    for key in ("gpu", "batch_size", "mem_fraction", "suggested_mem_fraction", "exit_code"):
        if numbers.get(key) is not None:
            parts.append(f"{key.replace('_', ' ')} {numbers[key]}")
    return ", ".join(parts)


class ConsoleView:
    """A listener: rich on a terminal (stderr), structlog lines otherwise. Never touches stdout."""

    def __init__(self, tty: bool | None = None) -> None:
        self.tty = sys.stderr.isatty() if tty is None else tty
        self.log = logsetup.get_logger("safelaunch.supervise.serve")
        self.t0 = time.monotonic()
        self.attempt = 0
        self.max_attempts = 0
        self.last_phase = ""
        self.last_decision = ""
        self.flags: Mapping[str, Any] = {}
        self._last_progress_log = 0.0
        self.status: Any = None
        if self.tty:
            from rich.console import Console

            self.console = Console(stderr=True, highlight=False)

    def close(self) -> None:
        if self.status is not None:
            self.status.stop()
            self.status = None

    def _line(self) -> str:
        """One short status line (the decisions are printed above it, in full)."""
        keys = ("tp", "dp", "mem-fraction-static", "cuda-graph-max-bs")
        flags = ", ".join(f"{k}={v}" for k, v in self.flags.items() if k in keys)
        elapsed = time.monotonic() - self.t0
        line = f"attempt {self.attempt}/{self.max_attempts} [{flags}] {self.last_phase} ({elapsed:.0f}s)"
        width = max(40, self.console.width - 4)
        return line if len(line) <= width else line[: width - 1] + "…"

    def _say(self, markup: str, plain_event: str, level: str = "info", **fields: Any) -> None:
        """On a terminal the markup; elsewhere one structured line at `level`: info for progress, warning for
        what is retried or recovered, error for crashes and give-ups (so journald's priority filters work)."""
        if self.tty:
            self.console.print(markup)
        else:
            getattr(self.log, level)(plain_event, **fields)

    def __call__(self, kind: str, data: Mapping[str, Any]) -> None:
        handler = getattr(self, f"on_{kind}", None)
        if handler is not None:
            handler(data)

    # -- events

    def on_host(self, d: Mapping[str, Any]) -> None:
        host: hardware.Host = d["host"]
        g = host.gpus[0] if host.gpus else None
        name = f"{host.gpu_count}x {g.name} ({hardware.fmt_bytes(g.memory_total)})" if g else "no GPU"
        self._say(
            f"[bold]host[/bold] {name} hw_key={host.hw_key} source={host.source}",
            "host",
            gpus=host.gpu_count,
            name=g.name if g else None,
            hw_key=host.hw_key,
            source=host.source,
        )

    def on_plan(self, d: Mapping[str, Any]) -> None:
        origin = (
            "from store" if d.get("from_store") else (f"recipe {d['recipe']}" if d.get("recipe") else "generic plan")
        )
        self._say(
            f"[bold]plan[/bold] {origin}: " + " ".join(f"--{k} {v}" for k, v in d["flags"].items()),
            "plan",
            origin=origin,
            flags=d["flags"],
        )
        for reason in d.get("reasons") or ():
            self._say(f"  [dim]- {reason}[/dim]", "plan_reason", reason=reason)

    def on_attempt(self, d: Mapping[str, Any]) -> None:
        self.attempt, self.max_attempts, self.flags = d["number"], d["max_attempts"], d["flags"]
        self.last_phase = "launching"
        self._say(
            f"[bold cyan]attempt {self.attempt}/{self.max_attempts}[/bold cyan] port {d['port']}: "
            + " ".join(d["argv"][3:] if len(d["argv"]) > 3 else d["argv"]),
            "attempt",
            number=self.attempt,
            max_attempts=self.max_attempts,
            argv=d["argv"],
        )
        if self.tty and self.status is None:
            self.status = self.console.status(self._line())
            self.status.start()

    def on_progress(self, d: Mapping[str, Any]) -> None:
        text = describe_progress(d["phase"], d.get("numbers") or {})
        changed = text != self.last_phase
        self.last_phase = text
        if self.tty:
            if self.status is not None:
                self.status.update(self._line())
        elif changed and (d["phase"] != self._phase_key or time.monotonic() - self._last_progress_log > 1.0):
            self._last_progress_log = time.monotonic()
            self.log.info("progress", attempt=self.attempt, phase=d["phase"], detail=text)
        self._phase_key = d["phase"]

    _phase_key = ""

    def on_failure_seen(self, d: Mapping[str, Any]) -> None:
        label = d.get("label")
        what = f"{label}" if label and label != "unknown" else "a failure"
        self._say(
            f"[bold red]failure[/bold red] {what} in {d.get('phase')}: stopping the process tree",
            "failure_seen",
            "warning",
            label=label,
            phase=d.get("phase"),
        )

    def on_stopped(self, d: Mapping[str, Any]) -> None:
        self._say(
            f"  stopped the process tree in {d['seconds']:.2f}s" + (" (SIGKILL)" if d.get("killed") else ""),
            "stopped",
            seconds=round(d["seconds"], 3),
            killed=d.get("killed"),
        )

    def on_decision(self, d: Mapping[str, Any]) -> None:
        self.last_decision = d["reason"]
        colour = "red" if d.get("give_up") else "yellow"
        numbers = describe_numbers(d.get("numbers") or {})
        self._say(
            f"  [bold]{d['label']}[/bold] ({numbers or 'no figures'})\n  [{colour}]-> "
            f"{'give up: ' if d.get('give_up') else ''}{d['reason']}[/{colour}]",
            "decision",
            "error" if d.get("give_up") else "warning",
            label=d["label"],
            numbers=dict(d.get("numbers") or {}),
            reason=d["reason"],
            give_up=d.get("give_up"),
        )

    def on_healthy(self, d: Mapping[str, Any]) -> None:
        self.close()
        kv = f", KV capacity {d['kv_tokens']} tokens" if d.get("kv_tokens") else ""
        self._say(
            f"[bold green]healthy[/bold green] after {d['seconds']:.1f}s on port {d['port']}{kv}",
            "healthy",
            seconds=round(d["seconds"], 3),
            port=d["port"],
            kv_tokens=d.get("kv_tokens"),
        )

    def on_warning(self, d: Mapping[str, Any]) -> None:
        self._say(f"[yellow]warning[/yellow] {d['text']}", "warning", "warning", text=d["text"])

    def on_foreign_memory(self, d: Mapping[str, Any]) -> None:
        for holder in d["holders"]:
            self._say(f"[yellow]other GPU memory holder[/yellow] {holder}", "foreign_memory", "warning", holder=holder)

    def on_recorded(self, d: Mapping[str, Any]) -> None:
        self._say(f"[green]recorded[/green] {d['what']} in {d['where']}", "recorded", what=d["what"], where=d["where"])

    def on_info(self, d: Mapping[str, Any]) -> None:
        self._say(d["text"], "info", text=d["text"])

    def on_summary(self, d: Mapping[str, Any]) -> None:
        self.close()
        level = "error" if d["lines"] and d["lines"][0].startswith("NOT healthy") else "info"
        for line in d["lines"]:
            self._say(line, "summary", level, line=line)

    def on_serving_failed(self, d: Mapping[str, Any]) -> None:
        numbers = describe_numbers(d.get("numbers") or {})
        self._say(
            f"[bold red]server failed while serving[/bold red] (attempt {d['number']}): {d['label']}"
            + (f" ({numbers})" if numbers else "")
            + (f": {d['evidence'][:200]}" if d.get("evidence") else ""),
            "serving_failed",
            "error",
            attempt=d["number"],
            label=d["label"],
            numbers=dict(d.get("numbers") or {}),
            evidence=(d.get("evidence") or "")[:500],
        )

    def on_liveness_failed(self, d: Mapping[str, Any]) -> None:
        self._say(
            f"[yellow]liveness check failed[/yellow] ({d['misses']}/{d['of']}): {d['detail']}",
            "liveness_failed",
            "warning",
            misses=d["misses"],
            of=d["of"],
            detail=d["detail"],
        )

    def on_restarting(self, d: Mapping[str, Any]) -> None:
        self._say(
            f"[yellow]restarting[/yellow] in {d.get('backoff_s', 0):.0f}s: {d['reason']}",
            "restarting",
            "warning",
            attempt=d.get("number"),
            reason=d["reason"],
            backoff_s=d.get("backoff_s"),
        )

    def on_stopping(self, d: Mapping[str, Any]) -> None:
        reason = d.get("reason") or ""
        self._say(
            "stopping SGLang and waiting for its GPU memory" + (f": {reason}" if reason else ""),
            "stopping",
            reason=reason,
        )

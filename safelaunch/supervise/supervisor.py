"""The attempt loop: run an attempt, let `core.remedies` decide the next one, record each; wait for GPU release.

Every decision is delegated to a pure module (logwatch classifies, remedies decides, planner plans); this
module only sequences side effects: the attempts (`attempt.Attempt`), the store, the GPU release wait.
Observers (the console view, sd_notify, Prometheus metrics) receive the same plain events, so the terminal
display and the structured logs can never disagree.
"""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from safelaunch import redact
from safelaunch.core import hardware, ledger, remedies
from safelaunch.errors import SafelaunchError
from safelaunch.host import engine as engine_mod
from safelaunch.host import secret_config, simgpu
from safelaunch.supervise import loadcheck, priors
from safelaunch.supervise.attempt import DEFAULT_PHASE_LIMITS_S, ENGINE_CMD_GRACE_S, Attempt, AttemptConfig
from safelaunch.supervise.ports import choose_port, port_free, port_holder
from safelaunch.supervise.results import AttemptResult, ServeOptions, ServeSummary

Listener = Callable[[str, Mapping[str, Any]], None]

STOP_GRACE_S = 8.0
STOPPED_BY_SIGNAL = "stopped by signal"


class Supervisor:
    """Runs attempts until one is healthy or the remedy policy gives up; then serves, or exits."""

    attempt_class: type[Attempt] = Attempt  # a multi-node follower watches its attempts its own way (`cluster`)

    def __init__(
        self,
        options: ServeOptions,
        *,
        host: hardware.Host,
        plan: Any,
        policy: Any = None,
        store: Any = None,
        listeners: Sequence[Listener] = (),
        should_exit: threading.Event | None = None,
        version: str | None = None,
        from_store: bool = False,
        history: Sequence[remedies.Outcome] = (),
        provenance: Any = None,
        evidence: ledger.Ledger | None = None,
    ) -> None:
        self.opts = options
        self.policy_source = policy
        self.host = host
        self.plan = plan
        self.policy = remedies.RemedyPolicy.from_policy(policy)
        if options.max_attempts:
            self.policy = replace(self.policy, max_attempts=options.max_attempts)
        self.phase_limits = dict(getattr(policy, "phase_time_limits_s", None) or DEFAULT_PHASE_LIMITS_S)
        self.store = store
        self.listeners = list(listeners)
        self.should_exit = should_exit or threading.Event()
        self.version = version
        self.from_store = from_store
        self.provenance = provenance  # store.Provenance: what this start runs on, on every attempt it records
        self.history: list[remedies.Outcome] = list(history)
        # a simulated engine on a simulated host publishes what NVML would read there (`engine_env`)
        simulated = options.engine == "sim" and host.source != "nvml"
        self.sim_nvml = tempfile.TemporaryDirectory(prefix="safelaunch-simgpu-") if simulated else None
        self.fallback: dict[str, Any] | None = None  # the verified config a candidate start was raised from
        self.ledger = evidence or ledger.Ledger()  # every figure the logs gave (the store's, then this run's)
        self.fitter: ledger.LedgerFitter | None = None  # the current attempt's
        self.attempts: list[AttemptResult] = []
        self.proc: engine_mod.EngineProcess | None = None  # the current attempt's process tree
        self.extra_args, self.engine_secrets = secret_config.engine_secrets(options, version)
        self.api_key = self.engine_secrets.get("api-key")
        self.secrets = list(self.engine_secrets.values())
        self.record_error = ""
        self.clf: Any = None  # the current attempt's log classifier
        self.run_id = ""
        self.baseline_used: dict[int, int] = {}

    # -- events

    def emit(self, event: str, **data: Any) -> None:
        for listener in self.listeners:
            with contextlib.suppress(Exception):
                listener(event, data)

    # -- argv

    def argv(self, flags: Mapping[str, Any], port: int) -> list[str]:
        from safelaunch.core.sglang_args import render_argv

        prefix = engine_mod.engine_prefix(self.opts.engine, self.opts.python, self.opts.engine_cmd)
        model_flags = {k: v for k, v in flags.items() if k not in ("host", "port", "model-path")}
        return [
            *prefix,
            "--model-path",
            self.plan.model,
            *render_argv(model_flags, self.version),
            "--host",
            self.opts.host,
            "--port",
            str(port),
            *self.extra_args,
        ]

    def engine_env(self) -> dict[str, str]:
        env = {str(k): str(v) for k, v in dict(getattr(self.plan, "env", {}) or {}).items()}
        env.update(self.opts.env)
        if self.opts.engine == "sim":
            profile = self.opts.host_profile or os.environ.get(hardware.PROFILE_ENV)
            if profile:
                env[hardware.PROFILE_ENV] = profile
            if self.sim_nvml is not None:
                env[simgpu.DIR_ENV] = self.sim_nvml.name
        return env

    def context(self, attempt: int, flags: Mapping[str, Any]) -> remedies.Context:
        """What the remedies weigh for these flags (see `priors.remedy_context`)."""
        return priors.remedy_context(
            self.plan,
            self.host,
            self.policy_source,
            flags,
            attempt,
            port_fixed=self.opts.port is not None,
            evidence=self.ledger,
        )

    def learn(self, flags: Mapping[str, Any]) -> None:
        """The attempt's figures join the ledger (evidence only adds; another layout starts a new one)."""
        if self.fitter is not None:
            seen = self.fitter.ledger(ledger.shape_of(flags))
            self.ledger = ledger.carried_to(self.ledger, flags).merged(seen)

    # -- one attempt

    def run_attempt(self, number: int, flags: Mapping[str, Any], port: int) -> AttemptResult:
        argv = self.argv(flags, port)
        self.emit(
            "attempt",
            number=number,
            max_attempts=self.policy.max_attempts,
            flags=dict(flags),
            port=port,
            argv=redact.redact_argv(argv),
        )
        # secrets reach SGLang in a 0600 --config file that exists only while this start is under way
        if self.sim_nvml is not None:
            simgpu.clear(self.sim_nvml.name)  # the last engine's readings are not this one's
        with secret_config.config_file(self.engine_secrets) as config_args:
            attempt = self.attempt_class(
                self._attempt_config(), number, flags, port, argv + config_args, self.engine_env()
            )
            self.proc, self.clf, self.fitter = attempt.proc, attempt.clf, attempt.fitter
            if self.host.source == "nvml":
                self.baseline_used = engine_mod.gpu_used_now([g.index for g in self.host.gpus])
            return attempt.run()

    def _attempt_config(self) -> AttemptConfig:
        return AttemptConfig(
            bind_host=self.opts.host,
            model=self.plan.model,
            api_key=self.api_key,
            secrets=tuple(self.secrets),
            via_engine_cmd=bool(self.opts.engine_cmd),
            phase_limits=self.phase_limits,
            phase_timeout_s=self.opts.phase_timeout_s,
            should_exit=self.should_exit,
            emit=self.emit,
            wait_release=self._wait_release,
        )

    # -- the loop

    def run(self, flags: Mapping[str, Any], port: int | None = None) -> ServeSummary:
        """Attempts until healthy or given up; `port` keeps a restarted server where its clients know it."""
        t0 = time.monotonic()
        engine_mod.become_subreaper()  # the engine's orphaned ranks are reaped here, at once, not by PID 1
        port = port or self._initial_port()
        number = 0
        flags = dict(flags)
        while True:
            if self.should_exit.is_set():
                return self._ended(flags, port, STOPPED_BY_SIGNAL)
            number += 1
            port = self._check_port(port)
            t_start = time.monotonic()
            result = self.run_attempt(number, flags, port)
            self.learn(flags)
            if result.label == "healthy":
                lowered = self._check_headroom(result, flags, t_start)
                if isinstance(lowered, remedies.Decision):
                    return self._ended(flags, port, lowered.reason)
                if lowered is not None:
                    flags = lowered
                    continue
                return self._healthy(result, flags, port, t0)
            if result.label == "stopped":
                self.attempts.append(result)
                self._record_attempt(result, "stopped", "")
                return self._ended(flags, port, STOPPED_BY_SIGNAL)
            t_decide = time.monotonic()
            failure = remedies.Failure(result.label, result.phase, result.numbers, result.evidence)
            decision = self.decide(failure, flags, number)
            result = replace(result, change=decision.reason, react_s=result.react_s + (time.monotonic() - t_decide))
            self._settle(result, flags, decision, "gave_up" if decision.give_up else "failed", t_start)
            flags, port, ended = self.follow(decision, flags, port)
            if ended is not None:
                return ended

    def decide(self, failure: remedies.Failure, flags: Mapping[str, Any], number: int) -> remedies.Decision:
        """The remedies' decision; a candidate (a fraction the ledger says fits, untried) that runs out of memory
        goes back to the verified config it was raised from instead (`fallback`), once. Any other failure (a
        port in use, NCCL) is not the candidate's doing: the remedies decide, and the candidate stays."""
        if self.fallback is not None and failure.label in remedies.DOWN_LABELS:
            fallback, self.fallback = self.fallback, None
            return remedies.back_to(failure, flags, fallback)
        return remedies.decide(failure, flags, self.context(number, flags), self.history, self.policy)

    def follow(
        self, decision: remedies.Decision, flags: dict[str, Any], port: int
    ) -> tuple[dict[str, Any], int, ServeSummary | None]:
        """The next attempt's flags and port after `decision`, or how the run ends (given up, or a signal during
        the backoff)."""
        if decision.give_up:
            return flags, port, self._ended(flags, port, decision.reason)
        if decision.changes.get(remedies.PORT) == remedies.AUTO_PORT:
            port = choose_port(self.opts.host, port + 1)
        flags = {k: v for k, v in decision.apply(flags).items() if k != remedies.PORT}
        if decision.backoff_s and self.should_exit.wait(decision.backoff_s):
            return flags, port, self._ended(flags, port, STOPPED_BY_SIGNAL)
        return flags, port, None

    def _check_headroom(
        self, result: AttemptResult, flags: dict[str, Any], t_start: float
    ) -> dict[str, Any] | remedies.Decision | None:
        """Booting is not serving: one full prefill chunk decides whether the start is kept (`loadcheck`); the
        memory model's verdict on the room left only where the probe cannot tell. A server that fails it is
        stopped and the flags to try next are returned (or the decision that gave up); None keeps it."""
        verdict = loadcheck.judge(self, result.number, result.port, flags)
        short = verdict.short
        if verdict.kept or verdict.failure is None:
            return None
        self.learn(flags)  # what the engine's death added (an OOM's figures)
        failure = verdict.failure
        decision = self.decide(failure, flags, result.number)
        if decision.give_up and failure is short:
            self.emit("warning", number=result.number, text=f"{short.evidence}; {decision.reason}")
            return None
        stop = self.stop_engine(grace=self.discard_grace())[0]
        result = replace(
            result,
            label=failure.label,
            phase=failure.phase or "ready",
            numbers=dict(failure.numbers),
            evidence=failure.evidence,
            change=decision.reason,
            stop_s=stop.seconds,
        )
        self._settle(result, flags, decision, "gave_up" if decision.give_up else "failed", t_start)
        return decision if decision.give_up else decision.apply(flags)

    def _settle(
        self, result: AttemptResult, flags: Mapping[str, Any], decision: Any, outcome: str, t_start: float
    ) -> None:
        """A failed attempt and the decision taken after it: kept, learnt from, recorded, told."""
        self.attempts.append(result)
        self.history.append(remedies.Outcome(flags, result.label))
        self._record_attempt(result, outcome, decision.reason)
        self.emit(
            "decision",
            number=result.number,
            label=result.label,
            phase=result.phase,
            numbers=dict(result.numbers),
            reason=decision.reason,
            give_up=decision.give_up,
            evidence=result.evidence,
            elapsed=time.monotonic() - t_start,
        )

    def _healthy(self, result: AttemptResult, flags: dict[str, Any], port: int, t0: float) -> ServeSummary:
        elapsed = time.monotonic() - t0  # healthy now: recording it is bookkeeping after the fact, not start-up
        self.attempts.append(result)
        self.history.append(remedies.Outcome(flags, "healthy"))
        self._record_attempt(result, "healthy", "")
        summary = ServeSummary(
            True,
            tuple(self.attempts),
            flags,
            self.from_store,
            elapsed,
            port,
            kv_tokens=result.kv_tokens,
        )
        self.emit(
            "healthy",
            number=result.number,
            flags=dict(flags),
            seconds=summary.time_to_healthy_s,
            kv_tokens=result.kv_tokens,
            port=port,
        )
        return summary

    def _ended(self, flags: dict[str, Any], port: int, reason: str) -> ServeSummary:
        """Not healthy: stopped by a signal, or the remedies gave up for `reason`."""
        return ServeSummary(False, tuple(self.attempts), flags, self.from_store, None, port, reason=reason)

    def _initial_port(self) -> int:
        if self.opts.port is not None:
            return self.opts.port
        return choose_port(self.opts.host, 30000)

    def _check_port(self, port: int) -> int:
        if port_free(self.opts.host, port):
            return port
        if self.opts.port is not None:
            raise SafelaunchError(
                f"port {port} on {self.opts.host} is already in use{port_holder(port)}; free it or pass another --port"
            )
        return choose_port(self.opts.host, port + 1)

    # -- recording (the store is optional: failing to record never stops serving)

    def _record_attempt(self, result: AttemptResult, outcome: str, change: str) -> None:
        if self.store is None:
            return
        try:
            self.store.record_attempt(self._attempt_record(result, outcome, change), secrets=self.secrets)
        except Exception as exc:
            self.record_error = str(exc)
            self.emit("warning", number=result.number, text=f"could not record the attempt: {exc}")

    def _attempt_record(self, result: AttemptResult, outcome: str, change: str) -> Any:
        from safelaunch import store as store_mod

        g = self.host.gpus[0] if self.host.gpus else None
        now = time.time()
        return store_mod.AttemptRecord(
            run_id=self.run_id,
            attempt_no=result.number,
            started_at=now - result.seconds,
            host_fingerprint=self.host.fingerprint(),
            hw_key=self.host.hw_key,
            gpu_count=self.host.gpu_count,
            device_name=g.name if g else "",
            model=self.plan.model,
            strategy=self.plan.strategy,
            outcome=outcome,
            driver_version=self.host.driver_version,
            quant=self.plan.quant,
            sglang_version=self.version,
            flags=dict(result.flags),
            env=dict(getattr(self.plan, "env", {}) or {}),
            ended_at=now,
            failure_label=None if result.label == "healthy" else result.label,
            phase=result.phase,
            numbers=dict(result.numbers),
            decision=change or None,
            time_to_failure_s=None if result.label == "healthy" else result.seconds,
            time_to_healthy_s=result.seconds if result.label == "healthy" else None,
            log_tail="\n".join(result.log_tail[-80:]),
            ledger=self.ledger.to_json() if self.ledger else {},
            provenance=self.provenance or store_mod.Provenance(),
        )

    # -- stopping

    def discard_grace(self) -> float:
        """A healthy server whose state no longer matters (rejected for its headroom, or ended by
        --exit-when-healthy) is killed at once; a `docker run` prefix still gets SIGTERM, which it can pass on."""
        return ENGINE_CMD_GRACE_S if self.opts.engine_cmd else 0.0

    def serving_trouble(self) -> tuple[str, dict[str, Any], str] | None:
        """(label, numbers, evidence) when serving must end for a cause outside this host (`cluster.leader`)."""
        return None

    def stop_engine(self, grace: float = STOP_GRACE_S) -> tuple[engine_mod.StopReport, engine_mod.ReleaseReport]:
        proc = self.proc
        if proc is None:
            return engine_mod.StopReport(0.0, False, ()), engine_mod.ReleaseReport(0.0, True)
        stop = proc.stop(grace=grace)
        return stop, self._wait_release(stop.pids)

    def _wait_release(self, pids: Sequence[int]) -> engine_mod.ReleaseReport:
        """NVML shows the tree's memory free (by pid, or the GPUs back at their pre-launch use); a profile host
        has no NVML, and the tree's exit is the release there."""
        if self.host.source != "nvml":
            return engine_mod.ReleaseReport(0.0, True)
        return engine_mod.wait_gpu_release(
            pids,
            [g.index for g in self.host.gpus],
            timeout=self.opts.release_timeout_s,
            baseline_used=self.baseline_used,
        )


class StopRequest(threading.Event):
    """`should_exit` that remembers the first signal which set it: a start it interrupts exits 128 + its number."""

    signum: int | None = None


def install_signal_handlers(should_exit: threading.Event, reload: threading.Event | None = None) -> None:
    """SIGTERM / SIGINT ask the loops to stop the tree cleanly; SIGHUP asks the daemon to re-plan."""

    def _exit(signum: int, _frame: Any) -> None:
        if isinstance(should_exit, StopRequest) and should_exit.signum is None:
            should_exit.signum = signum
        should_exit.set()

    signal.signal(signal.SIGTERM, _exit)
    signal.signal(signal.SIGINT, _exit)
    if reload is not None:
        signal.signal(signal.SIGHUP, lambda *_: reload.set())

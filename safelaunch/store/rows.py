"""Records to table rows and back, every text redacted on the way in.

Why the store redacts although its callers already do: a secret that reaches the store is on disk for good
(WAL frames, freed pages, backups). Every text that comes in passes through `safelaunch.redact` here again, and
secret flags are dropped from verified configs outright, because those flags are launched again. The rule for
re-confirming a config (`with_kept_evidence`) lives here too: it decides what a row holds, whatever the backend.
Rows are read as mappings (`row["column"]`), which every DB-API driver can give.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from safelaunch.redact import REDACTED, is_secret_env, is_secret_flag, redact_argv, redact_text
from safelaunch.store.records import (
    UNKNOWN,
    AttemptRecord,
    BenchmarkResult,
    FleetFailure,
    PastFailure,
    Provenance,
    VerifiedConfig,
)
from safelaunch.store.schema import key_db, key_py

LOG_TAIL_MAX_CHARS = 64 * 1024
Row = Mapping[str, Any]


def dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=False, default=str, separators=(",", ":"))


def secret_values(*mappings: Mapping[str, Any] | None) -> list[str]:
    """Values of secret flags/env vars/server-info keys, so the same secret is scrubbed from every free text."""
    found: list[str] = []

    def walk(obj: Any, env_like: bool) -> None:
        if isinstance(obj, Mapping):
            for k, v in obj.items():
                secret = is_secret_flag(str(k)) or (env_like and is_secret_env(str(k)))
                if secret and isinstance(v, str) and v and v != REDACTED:
                    found.append(v)
                elif isinstance(v, Mapping | list | tuple):
                    walk(v, env_like)
        elif isinstance(obj, list | tuple):
            for v in obj:
                walk(v, env_like)

    for i, m in enumerate(mappings):
        if m:
            walk(m, env_like=(i == 1))
    return found


def scrub(obj: Any, secrets: Sequence[str], drop_secret_keys: bool = False) -> Any:
    """Deep copy of JSON-like data with secret keys masked (or dropped) and every string scrubbed."""
    if isinstance(obj, Mapping):
        out: dict[str, Any] = {}
        for k, v in obj.items():
            if is_secret_flag(str(k)):
                if not drop_secret_keys:
                    out[str(k)] = REDACTED
                continue
            out[str(k)] = scrub(v, secrets, drop_secret_keys)
        return out
    if isinstance(obj, list | tuple):
        items = list(obj)
        if all(isinstance(v, str) for v in items):
            items = redact_argv(items)
        return [scrub(v, secrets, drop_secret_keys) for v in items]
    if isinstance(obj, str):
        return redact_text(obj, secrets)
    return obj


def scrub_env(env: Mapping[str, str], secrets: Sequence[str], drop: bool) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in env.items():
        if is_secret_env(k):
            if not drop:
                out[k] = REDACTED
            continue
        out[k] = redact_text(str(v), secrets)
    return out


# --------------------------------------------------------------------------- records -> rows


def attempt_row(rec: AttemptRecord, secrets: Sequence[str] = (), host: str = "") -> dict[str, Any]:
    """The `attempts` row for one attempt: free texts scrubbed of every known secret, the log tail bounded."""
    known = [*secrets, *secret_values(rec.flags, rec.env)]
    tail = rec.log_tail[-LOG_TAIL_MAX_CHARS:]
    return {
        "host": host or rec.host,
        "run_id": rec.run_id,
        "attempt_no": int(rec.attempt_no),
        "started_at": float(rec.started_at),
        "ended_at": rec.ended_at,
        "host_fingerprint": redact_text(rec.host_fingerprint, known),
        "hw_key": rec.hw_key,
        "gpu_count": int(rec.gpu_count),
        "device_name": rec.device_name,
        "driver_version": rec.driver_version,
        "model": redact_text(rec.model, known),
        "quant": key_db(rec.quant),
        "strategy": rec.strategy,
        "sglang_version": key_db(rec.sglang_version),
        "flags": dumps(scrub(dict(rec.flags), known)),
        "env": dumps(scrub_env(rec.env, known, drop=False)),
        "outcome": rec.outcome,
        "failure_label": rec.failure_label,
        "phase": rec.phase,
        "numbers": dumps(scrub(dict(rec.numbers), known)),
        "decision": redact_text(rec.decision, known) if rec.decision else rec.decision,
        "time_to_failure_s": rec.time_to_failure_s,
        "time_to_healthy_s": rec.time_to_healthy_s,
        "log_tail": redact_text(tail, known),
        "ledger": dumps(scrub(dict(rec.ledger), known)),
        **provenance_columns(rec.provenance),
    }


def provenance_columns(p: Provenance) -> dict[str, str]:
    return {"engine": p.engine or UNKNOWN, "hardware_source": p.hardware or UNKNOWN, "version_source": p.version_source}


def provenance_from_row(r: Row) -> Provenance:
    """A row from before provenance was kept has none: it reads as unknown (never as real)."""
    keys = r.keys() if hasattr(r, "keys") else ()
    if "engine" not in keys:
        return Provenance()
    return Provenance(r["engine"] or UNKNOWN, r["hardware_source"] or UNKNOWN, r["version_source"] or UNKNOWN)


def launch_settings(
    cfg: VerifiedConfig, secrets: Sequence[str] = ()
) -> tuple[list[str], dict[str, Any], dict[str, str]]:
    """Every secret the config knows of, and its flags and env with the secret ones dropped (they launch again)."""
    known = [*secrets, *secret_values(cfg.flags, cfg.env, cfg.server_info)]
    return known, scrub(dict(cfg.flags), known, drop_secret_keys=True), scrub_env(cfg.env, known, drop=True)


def with_kept_evidence(
    cfg: VerifiedConfig, old: VerifiedConfig | None, flags: Mapping[str, Any], env: Mapping[str, str]
) -> VerifiedConfig:
    """Re-confirming the same flags and env keeps the earlier evidence; different flags replace the old whole.

    Same flags and env as the stored row: benchmarks, failures, `verified` and the attempt count of the first
    discovery are kept unless the new record brings its own (a start from the store should not wipe what the
    benchmark proved). Different flags: the new row replaces the old one whole.
    """
    failures, attempts_needed = cfg.failures, cfg.attempts_needed
    benchmarks, verified, load_failure = cfg.benchmarks, cfg.verified, cfg.load_failure
    demoted = cfg.demoted
    if old is not None and dict(old.flags) == flags and dict(old.env) == env:
        demoted = demoted or old.demoted  # the fleet's verdict on these flags stands until new flags replace them
        if not cfg.failures:  # started first time (from the store): the discovery story stays
            failures, attempts_needed = old.failures, old.attempts_needed
        benchmarks = benchmarks or old.benchmarks
        verified = verified or (old.verified and load_failure is None)
        if load_failure is None and not cfg.verified:
            load_failure = old.load_failure
    elif old is not None and old.load_failure is not None and old.load_failure not in failures:
        # A new config replaces one that failed under load: keep that failure in its story.
        failures = (*failures, old.load_failure)
    return replace(
        cfg,
        failures=failures,
        attempts_needed=attempts_needed,
        benchmarks=benchmarks,
        verified=verified,
        load_failure=load_failure,
        demoted=demoted,
    )


def verified_row(
    cfg: VerifiedConfig, flags: Mapping[str, Any], env: Mapping[str, str], known: Sequence[str], now: float
) -> dict[str, Any]:
    """The `verified` row for a config whose flags and env were already scrubbed (`launch_settings`)."""
    return {
        "host": cfg.host,
        "hw_key": cfg.hw_key,
        "gpu_count": int(cfg.gpu_count),
        "nodes": int(cfg.nodes),
        "model": redact_text(cfg.model, known),
        "quant": key_db(cfg.quant),
        "strategy": cfg.strategy,
        "sglang_version": key_db(cfg.sglang_version),
        **provenance_columns(cfg.provenance),
        "flags": dumps(flags),
        "env": dumps(env),
        "host_fingerprint": cfg.host_fingerprint,
        "device_name": cfg.device_name,
        "driver_version": cfg.driver_version,
        "max_total_num_tokens": cfg.max_total_num_tokens,
        "server_info": dumps(scrub(dict(cfg.server_info), known)),
        "verified_at": float(cfg.verified_at or now),
        "attempts_needed": int(cfg.attempts_needed),
        "failures": dumps([scrub(f.to_json(), known) for f in cfg.failures]),
        "benchmarks": dumps([b.to_json() for b in cfg.benchmarks]),
        "bench_raw": raw_column(cfg.benchmarks, known),
        "verified": int(bool(cfg.verified)),
        "booted": int(bool(cfg.booted)),
        "load_failure": dumps(scrub(cfg.load_failure.to_json(), known)) if cfg.load_failure else None,
        "demoted": dumps([f.to_json() for f in cfg.demoted]) if cfg.demoted else None,
        "updated_at": now,
    }


def failure_row(key_row: Mapping[str, Any], failure: FleetFailure, flags: Mapping[str, Any]) -> dict[str, Any]:
    """The `fleet_failures` row: which host failed with which flags of a stored config, and how."""
    known = secret_values(flags)
    return {
        **key_row,
        "host": failure.host,
        "from_host": failure.from_host,
        "failed_at": float(failure.failed_at),
        "flags": dumps(scrub(dict(flags), known, drop_secret_keys=True)),
        "label": failure.label,
        "numbers": dumps(scrub(dict(failure.numbers), known)),
    }


def failure_from_row(r: Row) -> tuple[FleetFailure, dict[str, Any], str | None]:
    """(the failure, the flags that failed, the failing host's driver version)."""
    failure = FleetFailure(r["host"], r["label"], loads(r["numbers"], {}), r["failed_at"], r["from_host"])
    return failure, loads(r["flags"], {}), r["driver_version"]


def merged_benchmarks(cfg: VerifiedConfig, new: Iterable[BenchmarkResult]) -> tuple[str, str]:
    """The config's benchmarks with `new` added (a workload measured again replaces its old figures and raw
    output), as the `benchmarks` and `bench_raw` columns' JSON."""
    by_workload = {b.workload: b for b in cfg.benchmarks}
    for b in new:
        by_workload[b.workload] = b
    ordered = sorted(by_workload.values(), key=lambda b: (b.dataset, b.isl, b.osl, b.max_concurrency))
    return dumps([b.to_json() for b in ordered]), raw_column(ordered, secret_values(cfg.flags))


def raw_column(benchmarks: Iterable[BenchmarkResult], known: Sequence[str] = ()) -> str:
    """`bench_raw`: each benchmark's raw output keyed by workload, scrubbed of every secret the config knows."""
    return dumps([scrub(b.raw_json(), known) for b in benchmarks if b.raw])


def with_raw(benchmarks: Iterable[BenchmarkResult], raw_text: str | None) -> tuple[BenchmarkResult, ...]:
    """The figures with their raw output put back beside them (matched by workload)."""
    by_workload: dict[tuple[Any, ...], Any] = {}
    for entry in loads(raw_text, []):
        w = entry.get("workload") if isinstance(entry, dict) else None
        if isinstance(w, dict):
            key = (w.get("dataset"), w.get("isl"), w.get("osl"), w.get("max_concurrency"))
            by_workload[key] = {k: v for k, v in entry.items() if k != "workload"}
    return tuple(replace(b, raw=by_workload.get(b.workload) or b.raw) for b in benchmarks)


def load_failure_columns(cfg: VerifiedConfig, failure: PastFailure) -> tuple[str, str]:
    """(load_failure, failures) for a config the benchmark's load killed: the failure joins its story too."""
    known = secret_values(cfg.flags)
    failures = [f.to_json() for f in cfg.failures] + [scrub(failure.to_json(), known)]
    return dumps(scrub(failure.to_json(), known)), dumps(failures)


# --------------------------------------------------------------------------- rows -> records


def loads(text: str | None, default: Any) -> Any:
    if not text:
        return default
    try:
        return json.loads(text)
    except ValueError:
        return default


def attempt_from_row(r: Row) -> AttemptRecord:
    return AttemptRecord(
        id=r["id"],
        run_id=r["run_id"],
        attempt_no=r["attempt_no"],
        started_at=r["started_at"],
        ended_at=r["ended_at"],
        host_fingerprint=r["host_fingerprint"],
        hw_key=r["hw_key"],
        gpu_count=r["gpu_count"],
        device_name=r["device_name"],
        driver_version=r["driver_version"],
        model=r["model"],
        quant=key_py(r["quant"]),
        strategy=r["strategy"],
        sglang_version=key_py(r["sglang_version"]),
        flags=loads(r["flags"], {}),
        env=loads(r["env"], {}),
        outcome=r["outcome"],
        failure_label=r["failure_label"],
        phase=r["phase"],
        numbers=loads(r["numbers"], {}),
        decision=r["decision"],
        time_to_failure_s=r["time_to_failure_s"],
        time_to_healthy_s=r["time_to_healthy_s"],
        log_tail=r["log_tail"],
        provenance=provenance_from_row(r),
        host=r["host"],
        ledger=loads(r["ledger"], {}),
    )


def verified_from_row(r: Row) -> VerifiedConfig:
    load_failure = loads(r["load_failure"], None)
    return VerifiedConfig(
        id=r["id"],
        hw_key=r["hw_key"],
        gpu_count=r["gpu_count"],
        model=r["model"],
        quant=key_py(r["quant"]),
        strategy=r["strategy"],
        sglang_version=key_py(r["sglang_version"]),
        flags=loads(r["flags"], {}),
        env=loads(r["env"], {}),
        host_fingerprint=r["host_fingerprint"],
        device_name=r["device_name"],
        driver_version=r["driver_version"],
        max_total_num_tokens=r["max_total_num_tokens"],
        server_info=loads(r["server_info"], {}),
        verified_at=r["verified_at"],
        attempts_needed=r["attempts_needed"],
        failures=tuple(PastFailure.from_json(f) for f in loads(r["failures"], [])),
        benchmarks=with_raw((BenchmarkResult.from_json(b) for b in loads(r["benchmarks"], [])), r["bench_raw"]),
        verified=bool(r["verified"]),
        booted=bool(r["booted"]),
        load_failure=PastFailure.from_json(load_failure) if load_failure else None,
        provenance=provenance_from_row(r),
        host=r["host"],
        demoted=tuple(FleetFailure.from_json(f) for f in loads(r["demoted"], [])),
        nodes=int(r["nodes"]) if "nodes" in r.keys() else 1,  # noqa: SIM118 (`in` on a sqlite3.Row checks values)
    )

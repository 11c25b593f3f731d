"""Fleet replay, decided: which other host's verified config a host starts first, and when a config is demoted.

Why a fingerprint and not just the key: two hosts share knowledge only where the same flags mean the same
memory. The key (hardware key, GPU count, model, quantization, strategy, SGLang version) is matched in SQL; the
exact NVML device name too; the driver's major version here (a minor update keeps the CUDA allocator; a major
one may not). Why per-host rows and a count of hosts: one host failing with a config proven elsewhere may be
that host's own trouble (a neighbour process, a bad GPU), so the failure is held against that host only; once
the same flags failed on N hosts of the fingerprint (the policy's `fleet_demote_after_hosts`), they are demoted
on every host, with the failures as the evidence. Pure functions over records: `db.Store` reads and writes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from safelaunch.store.records import FleetFailure, VerifiedConfig


def driver_major(version: str | None) -> str:
    """'570.133.20' -> '570'; unknown -> ''."""
    return (version or "").strip().split(".", 1)[0]


def flags_id(flags: Mapping[str, Any]) -> str:
    """One spelling per flag set, whatever the order the dict was built in."""
    return json.dumps(dict(flags), sort_keys=True, separators=(",", ":"), default=str)


def usable(cfg: VerifiedConfig, *, require_benchmark: bool, include_failed_under_load: bool) -> bool:
    """May this row be started as it is (or, for a load failure, started from with a lower fraction)?"""
    if not cfg.booted or cfg.demoted:
        return False
    if cfg.load_failure is not None and not include_failed_under_load:
        return False
    return cfg.verified or not require_benchmark


def pick(
    candidates: Iterable[VerifiedConfig],
    driver_version: str | None,
    failed_here: Iterable[str],
    *,
    require_benchmark: bool = False,
) -> VerifiedConfig | None:
    """The other hosts' config to start first: same driver major, not failed on this host, not demoted.

    Flag sets are ranked by (benchmarked anywhere, how many hosts run them, newest verification); the newest
    row of the winner is returned (its `host` says whose it was)."""
    major = driver_major(driver_version)
    skip = set(failed_here)
    groups: dict[str, list[VerifiedConfig]] = {}
    for cfg in candidates:
        if driver_major(cfg.driver_version) != major or flags_id(cfg.flags) in skip:
            continue
        if usable(cfg, require_benchmark=require_benchmark, include_failed_under_load=False):
            groups.setdefault(flags_id(cfg.flags), []).append(cfg)
    if not groups:
        return None

    def rank(rows: Sequence[VerifiedConfig]) -> tuple[bool, int, float]:
        return (any(r.verified for r in rows), len({r.host for r in rows}), max(r.verified_at for r in rows))

    best = max(groups.values(), key=rank)
    return max(best, key=lambda r: r.verified_at)


def demotion(
    failures: Iterable[tuple[FleetFailure, Mapping[str, Any], str | None]],
    flags: Mapping[str, Any],
    driver_version: str | None,
    after_hosts: int,
) -> tuple[FleetFailure, ...]:
    """The evidence to demote `flags` with (one failure per host, first first), or () while fewer hosts failed."""
    wanted, major = flags_id(flags), driver_major(driver_version)
    per_host: dict[str, FleetFailure] = {}
    for failure, failed_flags, failed_driver in failures:
        if flags_id(failed_flags) == wanted and driver_major(failed_driver) == major:
            per_host.setdefault(failure.host, failure)
    return tuple(per_host.values()) if len(per_host) >= max(1, after_hosts) else ()

"""What `serve` would start, without starting it: `safelaunch plan`'s flags from the store and its command line.

Why here: `plan` must answer exactly as `serve` does, so it takes the same inputs from the same functions (the
SGLang version and how it is known, the engine, the store's config for that key, the remedy for a config that
failed under load) and renders the argv the supervisor would run, launcher, `--host` and `--port` included.
"""

from __future__ import annotations

import contextlib
import os
import shlex
from dataclasses import dataclass, field, replace
from typing import Any

from safelaunch import redact
from safelaunch.core import hardware
from safelaunch.core.sglang_args import NEWEST_KNOWN, render_argv
from safelaunch.errors import SafelaunchError
from safelaunch.host.engine import engine_prefix
from safelaunch.supervise import priors
from safelaunch.supervise.evidence import recall, recall_ledger, start_from
from safelaunch.supervise.provenance import engine_label, engine_version
from safelaunch.supervise.results import ServeOptions

DEFAULT_PORT = 30000  # serve's first choice; it takes the next free one unless --port fixes it


@dataclass(frozen=True)
class Preview:
    plan: Any  # the plan with the flags serve would start from
    from_store: bool
    engine: str
    version: str | None
    version_source: str
    spelling: str  # which SGLang spelling the flags use, and why
    command: tuple[str, ...]  # the full argv, secrets redacted
    env: dict[str, str] = field(default_factory=dict)
    ledger: dict[str, Any] = field(default_factory=dict)  # priors.ledger_view: evidence and its fit

    def command_line(self) -> str:
        """Paste-able: env assignments, then the argv, each word shell-quoted."""
        words = [f"{k}={shlex.quote(v)}" for k, v in self.env.items()] + [shlex.quote(a) for a in self.command]
        return " ".join(words)


def spelling_note(version: str | None, source: str, python: str | None) -> str:
    newest = ".".join(map(str, NEWEST_KNOWN))
    if version is not None:
        how = {"flag": "--sglang-version", "sim": "the simulated engine's imitation", "metadata": "installed"}
        return f"flags spelled for SGLang {version} ({how.get(source, source)})"
    from safelaunch.host.sglang_probe import sglang_python

    return (
        f"SGLang version unknown (not installed for {sglang_python(python)}): flags spelled for the newest SGLang "
        f"safelaunch knows ({newest}); pass --sglang-version V to spell them for yours"
    )


def version_for(opts: ServeOptions) -> tuple[str | None, str]:
    """serve's version rule; where serve would refuse (SGLang not installed), plan still shows the newest spelling."""
    try:
        return engine_version(opts)
    except SafelaunchError:
        return None, "unknown"


def preview(
    opts: ServeOptions, host: hardware.Host, plan: Any, policy: Any, version: str | None, source: str
) -> Preview:
    """The flags serve would start from (the store's when it has them) and the command it would run."""
    engine = engine_label(opts)
    found, history, evidence = None, [], None
    if opts.use_store:
        from safelaunch import store as store_mod

        where = store_mod.resolve()  # a fleet's PostgreSQL, or this host's file when it exists (never created)
        if where.kind != "sqlite" or (where.path is not None and where.path.exists()):
            with contextlib.suppress(SafelaunchError), store_mod.Store.open(where, readonly=True) as db:
                found, history = recall(db, host, plan, version, engine)
                evidence = recall_ledger(db, host, plan.model, engine)
    start = start_from(found, history, plan, host, policy, (), evidence)
    flags, from_store = start.flags, start.from_store
    plan = replace(plan, flags=flags)
    model_flags = {k: v for k, v in flags.items() if k not in ("host", "port", "model-path")}
    argv = [
        *engine_prefix(opts.engine, opts.python, opts.engine_cmd),
        "--model-path",
        plan.model,
        *render_argv(model_flags, version),
        "--host",
        opts.host,
        "--port",
        str(opts.port or DEFAULT_PORT),
        *opts.extra_args,
    ]
    env = {str(k): str(v) for k, v in dict(getattr(plan, "env", {}) or {}).items()}
    if opts.engine == "sim":
        profile = opts.host_profile or os.environ.get(hardware.PROFILE_ENV)
        if profile:
            env[hardware.PROFILE_ENV] = profile
    return Preview(
        plan,
        from_store,
        engine,
        version,
        source,
        spelling_note(version, source, opts.python),
        tuple(redact.redact_argv(argv)),
        redact.redact_env(env),
        priors.ledger_view(evidence, plan, host, policy, flags),
    )

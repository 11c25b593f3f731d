"""What every command module shares: one JSON line on stdout, the --host-profile help, the host lookup, the
`ServeOptions` that `serve` and `plan` both build.

Small on purpose: each command module (`plan`, `serve`, `records`, `bench`, `service`, `classify`) imports only
this from `cli`, and `main` imports the command modules (by name, when one runs), so there is no cycle.
"""

from __future__ import annotations

import json
import math
import shlex
from typing import Any

import click

from safelaunch.core import hardware
from safelaunch.errors import SafelaunchError
from safelaunch.host import nvml

HOST_PROFILE_HELP = "Plan for this host instead of reading NVML: COUNTxKEY (8xh200) or an NVML inventory JSON."


class FiniteFloatRange(click.FloatRange):
    """click's FloatRange, which lets nan through every bound (nan < x is False) and inf through open ones."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


def emit_json(obj: Any) -> None:
    """One JSON object on one line of stdout: the machine-readable result of a command."""
    click.echo(json.dumps(obj, default=str))


def detect_host(host_profile: str | None) -> hardware.Host:
    """NVML's GPUs, or the profile's; no GPU and no profile says how to plan anyway."""
    try:
        return nvml.detect(host_profile)
    except nvml.NoGpuError as exc:
        raise nvml.NoGpuError(f"{exc}; use --host-profile (e.g. 8xh200) to plan for a host") from None


def split_engine_cmd(text: str | None) -> tuple[str, ...]:
    """`--engine-cmd`'s words, as `serve` and `plan` both take them (one line on a quote left open)."""
    try:
        return tuple(shlex.split(text)) if text else ()
    except ValueError as exc:
        raise SafelaunchError(f"--engine-cmd {text!r}: {exc}") from None


def serve_options(**kw: Any) -> Any:
    """`supervise.results.ServeOptions` from the options of `serve` (or of `plan`, which must answer as it does)."""
    from safelaunch.supervise.results import ServeOptions

    return ServeOptions(**kw)


RECIPE_HELP = "Pin this recipe (an id from `safelaunch models`); an error when it does not fit the host or model."


def bench_tool_options(tool_flag: str, tokenizer_flag: str) -> Any:
    """`--tool`/`--bench-tool` and `--tokenizer`/`--bench-tokenizer`, the same on `bench` and `serve`."""
    import click

    def wrap(f: Any) -> Any:
        f = click.option(
            tokenizer_flag,
            "tokenizer",
            metavar="PATH",
            help="Tokenizer for SGLang's benchmark (default: the one the server loaded, from /server_info).",
        )(f)
        return click.option(
            tool_flag,
            "tool",
            type=click.Choice(["auto", "sglang", "loadgen"]),
            default="auto",
            show_default=True,
            help="auto: SGLang's bench_serving when it starts for --python, else safelaunch.upstream.loadgen "
            "(saying why).",
        )(f)

    return wrap


REVISION_HELP = "Hugging Face revision (branch, tag or commit) to read the config of; SGLang loads the same one."


def _set_store(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Check the URL now (one line, exit 2) and hand it to every Store.open() of this process."""
    import os

    from safelaunch.store import target

    if value:
        from_argv = ctx.get_parameter_source(param.name or "store") == click.core.ParameterSource.COMMANDLINE
        target.resolve(value, from_argv=from_argv)
        os.environ[target.URL_ENV] = value
    return value


def store_option(fn: Any) -> Any:
    """`--store URL` / $SAFELAUNCH_STORE_URL: sqlite:///PATH (default $SAFELAUNCH_HOME) or a fleet's PostgreSQL."""
    return click.option(
        "--store",
        metavar="URL",
        envvar="SAFELAUNCH_STORE_URL",
        expose_value=False,
        callback=_set_store,
        help="sqlite:///PATH (default: $SAFELAUNCH_HOME/safelaunch.db) or postgresql://USER@HOST:PORT/DB, a fleet's "
        "shared store (password: PGPASSWORD, ~/.pgpass or $SAFELAUNCH_STORE_PASSWORD_FILE).",
    )(fn)

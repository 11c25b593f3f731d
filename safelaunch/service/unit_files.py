"""What one `safelaunch@NAME` instance is made of: its settings, its env file and its unit text, as pure functions.

The env file is systemd's EnvironmentFile= format, written (`render_env`, `env_quote`) and read back
(`parse_env`, which the supervisor needs on SIGHUP); the unit is the packaged template with ExecStart= pointed at
this installation (`render_unit`). Nothing here looks at the host or writes a file: `install` does. Secrets (an
`--api-key` in the extra SGLang args) reach the env file only; `render_env(redacted=True)` is what may be shown.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from safelaunch.core.secret_args import SGLANG_SECRET_FLAGS, env_name, split_secrets
from safelaunch.errors import ConfigError
from safelaunch.redact import redact_argv

UNIT_TEMPLATE = "safelaunch@.service"
DEFAULT_EXEC = "/usr/bin/env safelaunch"  # as shipped: verifies anywhere, finds `safelaunch` on systemd's PATH
STRATEGIES = ("low-latency", "balanced", "high-throughput")

# The variables the env file may set and `safelaunch serve` reads (the unit passes SAFELAUNCH_MODEL as an argument too).
ENV_VARS: Mapping[str, str] = {
    "SAFELAUNCH_MODEL": "model id or local model directory (required)",
    "SAFELAUNCH_STRATEGY": "low-latency | balanced | high-throughput",
    "SAFELAUNCH_QUANT": "quantization, empty for the checkpoint's own",
    "SAFELAUNCH_HOST": "SGLang --host",
    "SAFELAUNCH_PORT": "SGLang --port",
    "SAFELAUNCH_SGLANG_PYTHON": "interpreter with SGLang installed",
    "SAFELAUNCH_EXTRA_ARGS": "more SGLang args, shell-quoted (shlex.split)",
    "SAFELAUNCH_METRICS_PORT": "the supervisor's Prometheus port, empty for off",
    "SAFELAUNCH_STORE_URL": "the store: empty for $SAFELAUNCH_HOME/safelaunch.db, or a fleet's postgresql://USER@HOST/DB",
    "SAFELAUNCH_STORE_PASSWORD_FILE": "a 0600 file holding the PostgreSQL password (or PGPASSWORD / ~/.pgpass)",
    "SAFELAUNCH_HOST_NAME": "this host's name in a shared store, empty for the host name",
    **{
        env_name(flag) + "_FILE": f"a file holding SGLang's --{flag} (install-service writes NAME.{flag}, 0640)"
        for flag in SGLANG_SECRET_FLAGS
    },
}

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")
_BARE = re.compile(r"^[A-Za-z0-9_@%+=:,./-]*$")
_EXEC_LINE = re.compile(r"^ExecStart=(?:/usr/bin/env\s+)?(\S+)", re.MULTILINE)


@dataclass(frozen=True)
class ServiceConfig:
    """One instance's settings, as the user gave them to install-service."""

    name: str
    model: str
    strategy: str | None = None
    quant: str | None = None
    host: str | None = None
    port: int | None = None
    python: str | None = None
    metrics_port: int | None = None
    extra_args: tuple[str, ...] = ()

    @property
    def unit(self) -> str:
        return f"safelaunch@{self.name}.service"

    @property
    def has_secret(self) -> bool:
        return redact_argv(self.extra_args) != list(self.extra_args)

    def secret_files(self, env_dir: Path) -> dict[str, Path]:
        """Where each secret flag's value is kept: beside the env file, never in it (nor in any argv)."""
        return {flag: env_dir / f"{self.name}.{flag}" for flag in split_secrets(self.extra_args).secrets}


def validate(cfg: ServiceConfig) -> ServiceConfig:
    """NAME becomes a file name and a unit instance, so it stays a plain slug."""
    if not _NAME.match(cfg.name):
        raise ConfigError(f"service name {cfg.name!r}: use letters, digits, '.', '_' and '-' (e.g. qwen3-8b)")
    if not cfg.model.strip() or "\n" in cfg.model:
        raise ConfigError("--model must name a model id or a local model directory")
    if cfg.strategy is not None and cfg.strategy not in STRATEGIES:
        raise ConfigError(f"--strategy {cfg.strategy!r}: one of {', '.join(STRATEGIES)}")
    for value in (cfg.quant, cfg.host, cfg.python, *cfg.extra_args):
        if value is not None and ("\n" in value or "\0" in value):
            raise ConfigError("arguments may not contain newlines")
    return cfg


# --------------------------------------------------------------------------- env file (systemd EnvironmentFile=)


def env_quote(value: str) -> str:
    """A value systemd's EnvironmentFile= parser and a POSIX shell both read back unchanged."""
    if _BARE.match(value):
        return value
    if "'" not in value:
        return f"'{value}'"
    return '"' + re.sub(r'(["\\`$])', r"\\\1", value) + '"'


def env_assignments(
    cfg: ServiceConfig, *, redacted: bool = False, secret_files: Mapping[str, Path] | None = None
) -> list[tuple[str, str]]:
    """The env file's variables. With `secret_files`, secret flags leave SAFELAUNCH_EXTRA_ARGS for the files named
    by SAFELAUNCH_<FLAG>_FILE, which the supervisor reads and hands to SGLang in a 0600 --config file."""
    args = split_secrets(cfg.extra_args).public if secret_files is not None else cfg.extra_args
    extra = redact_argv(args) if redacted else list(args)
    pairs: list[tuple[str, str | int | None]] = [
        ("SAFELAUNCH_MODEL", cfg.model),
        ("SAFELAUNCH_STRATEGY", cfg.strategy),
        ("SAFELAUNCH_QUANT", cfg.quant),
        ("SAFELAUNCH_HOST", cfg.host),
        ("SAFELAUNCH_PORT", cfg.port),
        ("SAFELAUNCH_SGLANG_PYTHON", cfg.python),
        ("SAFELAUNCH_METRICS_PORT", cfg.metrics_port),
        ("SAFELAUNCH_EXTRA_ARGS", shlex.join(extra) if extra else None),
        *((env_name(flag) + "_FILE", str(path)) for flag, path in (secret_files or {}).items()),
    ]
    return [(k, str(v)) for k, v in pairs if v is not None]


def render_env(cfg: ServiceConfig, *, redacted: bool = False, secret_files: Mapping[str, Path] | None = None) -> str:
    head = [
        f"# safelaunch@{cfg.name}: written by `safelaunch install-service`; the variables are described in",
        "# safelaunch.env.example. After editing: systemctl restart " + cfg.unit,
    ]
    body = [f"{k}={env_quote(v)}" for k, v in env_assignments(cfg, redacted=redacted, secret_files=secret_files)]
    return "\n".join(head + body) + "\n"


def parse_env(text: str) -> dict[str, str]:
    """Read an env file by systemd's EnvironmentFile= rules (see systemd's env-file parser for the facts).

    The supervisor needs this on SIGHUP: systemd reads the file at start only, so re-reading it is ours to do.
    Rules: `#`/`;` start a comment line; blanks around the key and before the value are dropped; quotes open only
    where a value (or a quoted part) starts; '...' is literal; in "..." a backslash escapes only " \\ ` $ (and
    a newline, which joins lines); unquoted, a backslash escapes any character, and trailing blanks are dropped.
    """
    out: dict[str, str] = {}
    state = "pre_key"
    key: list[str] = []
    value: list[str] = []
    keep = 0  # unquoted: length of the value up to its last non-blank character

    def push() -> None:
        name = "".join(key).strip()
        if name:
            out[name] = "".join(value[:keep] if state == "value" else value)

    for c in text:
        if state == "pre_key":
            if c in "#;":
                state = "comment"
            elif not c.isspace():
                key, value, state = [c], [], "key"
        elif state == "comment":
            if c == "\n":
                state = "pre_key"
        elif state == "key":
            if c == "\n":
                state = "pre_key"
            elif c == "=":
                state = "pre_value"
            else:
                key.append(c)
        elif state == "pre_value":
            if c == "\n":
                push()
                state = "pre_key"
            elif c == "'":
                state = "single"
            elif c == '"':
                state = "double"
            elif c == "\\":
                state = "value_escape"
            elif not c.isspace():
                value.append(c)
                keep, state = len(value), "value"
        elif state == "value":
            if c == "\n":
                push()
                state = "pre_key"
            elif c == "\\":
                state = "value_escape"
            else:
                value.append(c)
                if not c.isspace():
                    keep = len(value)
        elif state == "value_escape":
            if c != "\n":
                value.append(c)
            keep, state = len(value), "value"
        elif state == "single":
            if c == "'":
                state = "pre_value"
            else:
                value.append(c)
        elif state == "double":
            if c == '"':
                state = "pre_value"
            elif c == "\\":
                state = "double_escape"
            else:
                value.append(c)
        elif state == "double_escape":
            if c in '"\\`$':
                value.append(c)
            elif c != "\n":
                value += ["\\", c]
            state = "double"
    if state not in ("pre_key", "comment", "key"):
        if state == "value_escape":
            state = "value"
        push()
    return out


def env_file_mode(has_secret: bool, group_exists: bool) -> int:
    """A secret is never world-readable; the service's group may read it so that SIGHUP can re-read the file."""
    if not has_secret:
        return 0o644
    return 0o640 if group_exists else 0o600


# --------------------------------------------------------------------------- unit file


def systemd_exec_path(path: str) -> str:
    """A path as an ExecStart= word: `%` and `$` escaped, quoted when it has blanks."""
    escaped = path.replace("%", "%%").replace("$", "$$")
    if re.search(r"[\s\"'\\]", escaped):
        escaped = '"' + escaped.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return escaped


def render_unit(template: str, exec_path: str | None) -> str:
    """The packaged unit with ExecStart= pointing at this installation's `safelaunch`."""
    if not exec_path or exec_path == DEFAULT_EXEC:
        return template
    word = systemd_exec_path(exec_path)
    return _EXEC_LINE.sub(lambda m: f"ExecStart={word}", template, count=1)

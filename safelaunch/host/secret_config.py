"""Where SGLang's secrets come from, and the 0600 --config file that carries them into SGLang for one start.

Sources, first found wins per flag: `-- --api-key X` on safelaunch's own command line (works, with a warning:
safelaunch's argv shows it to every local user), the file named by `--api-key-file` / SAFELAUNCH_API_KEY_FILE
(and SAFELAUNCH_<FLAG>_FILE for the others), the variable SAFELAUNCH_API_KEY (SAFELAUNCH_ADMIN_API_KEY,
SAFELAUNCH_SSL_KEYFILE_PASSWORD). The engine never inherits those variables.

The file lives in a fresh 0700 directory (under $SAFELAUNCH_SECRETS_DIR when set, e.g. a path a container
mounts, else the temp dir), is created 0600 with O_EXCL, and is removed with its directory as soon as the start
is over, healthy or not: SGLang reads it once, in `prepare_server_args`, before it spawns anything.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from safelaunch.core.secret_args import (
    SGLANG_SECRET_FLAGS,
    SplitArgs,
    config_yaml,
    env_name,
    has_config_flag,
    split_secrets,
)
from safelaunch.errors import ConfigError

SECRETS_DIR_ENV = "SAFELAUNCH_SECRETS_DIR"
CONFIG_NAME = "sglang-secrets.yaml"


def _read_key_file(path: str, what: str) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            value = fh.read().strip()
    except OSError as exc:
        raise ConfigError(f"{what} {path}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{what} {path}: not a text file") from None
    if not value or "\n" in value:
        raise ConfigError(f"{what} {path}: expected the secret alone on one line")
    return value


def collect(
    extra_args: Sequence[str], environ: Mapping[str, str], api_key_file: str | None = None
) -> tuple[SplitArgs, list[str]]:
    """The extra arguments without secrets, every secret by flag, and the warnings to show (never a value)."""
    split = split_secrets(extra_args)
    secrets = dict(split.secrets)
    warnings = [
        f"`--{flag}` after `--` is visible in safelaunch's own command line (ps); SGLang gets it through a 0600 "
        f"--config file, but prefer {env_name(flag)}_FILE or {env_name(flag)}"
        for flag in split.secrets
    ]
    for flag in SGLANG_SECRET_FLAGS:
        if flag in secrets:
            continue
        file_var = env_name(flag) + "_FILE"
        path = api_key_file if flag == "api-key" and api_key_file else environ.get(file_var)
        if path:
            what = "--api-key-file" if flag == "api-key" and api_key_file else file_var
            secrets[flag] = _read_key_file(path, what)
        elif environ.get(env_name(flag)):
            secrets[flag] = environ[env_name(flag)]
    return SplitArgs(split.public, secrets), warnings


def engine_environ(environ: Mapping[str, str]) -> dict[str, str]:
    """The supervisor's environment without the variables that carry SGLang's secrets (or name their files)."""
    names = {env_name(f) for f in SGLANG_SECRET_FLAGS} | {env_name(f) + "_FILE" for f in SGLANG_SECRET_FLAGS}
    names.add("SAFELAUNCH_EXTRA_ARGS")  # the env file's extra SGLang args may hold `--api-key` (split out already)
    return {k: v for k, v in environ.items() if k not in names}


@contextlib.contextmanager
def config_file(secrets: Mapping[str, str]) -> Iterator[list[str]]:
    """`["--config", PATH]` for one start (nothing without secrets); the file and its directory go afterwards."""
    if not secrets:
        yield []
        return
    parent = os.environ.get(SECRETS_DIR_ENV) or None
    try:
        directory = tempfile.mkdtemp(prefix="safelaunch-", dir=parent)  # 0700, ours alone
    except OSError as exc:
        raise ConfigError(f"cannot create a private directory for SGLang's --config file: {exc}") from None
    path = os.path.join(directory, CONFIG_NAME)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(config_yaml(secrets))
        yield ["--config", path]
    finally:
        shutil.rmtree(directory, ignore_errors=True)


__all__ = ["SECRETS_DIR_ENV", "collect", "config_file", "engine_environ", "engine_secrets"]


def engine_secrets(options: Any, version: str | None) -> tuple[tuple[str, ...], dict[str, str]]:
    """(extra arguments without secrets, SGLang's secrets by flag): no secret ever goes into SGLang's argv.

    The CLI has already split them out (`host.secret_config.collect`); splitting again here keeps any other
    caller's `--api-key` out of the argv too. An SGLang without `--config` (before 0.5.3) is refused."""
    split = split_secrets(options.extra_args)
    secrets = {**split.secrets, **dict(options.secrets)}
    if "api-key" not in secrets and os.environ.get("SAFELAUNCH_API_KEY"):
        secrets["api-key"] = os.environ["SAFELAUNCH_API_KEY"]
    if secrets and not has_config_flag(version):
        raise ConfigError(
            f"SGLang {version} has no --config (added in 0.5.3): --{next(iter(secrets))} would be visible in the "
            "argv of every SGLang process; upgrade SGLang to pass it safely",
            exit_code=78,
        )
    return split.public, secrets

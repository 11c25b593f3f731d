"""Secret SGLang flags out of every argv: split them from the extra arguments, spell them as SGLang's --config YAML.

Why: a process's argv is world-readable (`ps -eo args`, /proc/PID/cmdline), and SGLang's launcher and every rank
would carry `--api-key sk-...` there. From 0.5.3 SGLang reads `--config FILE.yaml` inside the process
(`prepare_server_args` -> `ConfigArgumentMerger`, research/sglang-facts.md section 1): the values join a local
argument list and never `sys.argv`, so only the file's path shows. The facts this module relies on:

- the flag must be two tokens, `--config PATH` (SGLang tests `"--config" in argv`; `--config=PATH` is silently
  ignored), and the file must end in .yaml or .yml;
- keys are emitted verbatim as `--{key}`, so they are spelled with dashes (`api-key`); `api_key` would become an
  unknown `--api_key` and argparse would print the secret in its error;
- values are emitted as `str(value)`: a JSON string is a valid YAML double-quoted scalar, so any key survives.

Pure: the file itself is written (0600, in a private 0700 directory) by `safelaunch.host.secret_config`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from safelaunch.core.recipes import version_tuple

# SGLang's flags whose value is a secret (research section 1.6); --admin-api-key from 0.5.8,
# --ssl-keyfile-password from 0.5.10: on older versions they are unknown flags either way.
SGLANG_SECRET_FLAGS = ("api-key", "admin-api-key", "ssl-keyfile-password")
CONFIG_SINCE = (0, 5, 3)


@dataclass(frozen=True)
class SplitArgs:
    """Extra SGLang arguments with the secrets taken out: `public` may be shown, `secrets` only go to the file."""

    public: tuple[str, ...]
    secrets: Mapping[str, str] = field(default_factory=dict)  # dashed flag name -> value


def env_name(flag: str) -> str:
    """The variable a secret flag's value may come from: api-key -> SAFELAUNCH_API_KEY."""
    return "SAFELAUNCH_" + flag.upper().replace("-", "_")


def split_secrets(extra_args: Sequence[str]) -> SplitArgs:
    """Take `--api-key X` / `--api-key=X` (and the other secret flags) out of the extra SGLang arguments."""
    public: list[str] = []
    secrets: dict[str, str] = {}
    i = 0
    while i < len(extra_args):
        arg = extra_args[i]
        name, eq, inline = arg.partition("=")
        flag = name[2:] if name.startswith("--") else ""
        if flag in SGLANG_SECRET_FLAGS:
            if eq:
                secrets[flag] = inline
                i += 1
                continue
            if i + 1 < len(extra_args):
                secrets[flag] = extra_args[i + 1]
                i += 2
                continue
        public.append(arg)
        i += 1
    return SplitArgs(tuple(public), secrets)


def has_config_flag(version: str | None) -> bool:
    """Whether this SGLang reads `--config FILE` (0.5.3 and later; an unknown version is taken as new)."""
    v = version_tuple(version)
    return v is None or v >= CONFIG_SINCE


def config_yaml(secrets: Mapping[str, str]) -> str:
    """The --config file's text: one `flag-name: "value"` line per secret (dashed keys, JSON-quoted values)."""
    lines = ["# written by safelaunch for one SGLang start; removed once the start is over"]
    for flag, value in secrets.items():
        if flag not in SGLANG_SECRET_FLAGS:
            raise ValueError(f"not a secret SGLang flag: {flag}")
        lines.append(f"{flag}: {json.dumps(str(value), ensure_ascii=True)}")
    return "\n".join(lines) + "\n"


__all__ = ["CONFIG_SINCE", "SGLANG_SECRET_FLAGS", "SplitArgs", "config_yaml", "env_name", "has_config_flag"]

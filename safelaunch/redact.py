"""Secrets never leave the process: every path to logs, the store and exports goes through here."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

REDACTED = "***"

# Flags whose value is a secret, in every spelling SGLang accepts.
SECRET_FLAGS = frozenset({"api-key", "admin-api-key", "hf-token", "token"})
# Whole `_`-separated words only: HF_TOKEN and OPENAI_API_KEY are secrets, but SGLang's
# SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK is a tuning knob that verified configs must keep.
_SECRET_ENV = re.compile(
    r"(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)(?:_|$)", re.IGNORECASE
)
_INLINE = re.compile(r"(--(?:admin-)?api-key(?:=|\s+))(\S+)")
_BEARER = re.compile(r"(Bearer\s+)\S+", re.IGNORECASE)
_HF = re.compile(r"\bhf_[A-Za-z0-9]{10,}\b")


def is_secret_flag(name: str) -> bool:
    return name.lstrip("-").replace("_", "-") in SECRET_FLAGS


def is_secret_env(name: str) -> bool:
    return bool(_SECRET_ENV.search(name))


def redact_argv(argv: Sequence[str]) -> list[str]:
    """Replace the value after (or inside `--flag=value` of) any secret flag."""
    out: list[str] = []
    hide_next = False
    for arg in argv:
        if hide_next:
            out.append(REDACTED)
            hide_next = False
            continue
        if arg.startswith("--") and "=" in arg and is_secret_flag(arg.split("=", 1)[0]):
            out.append(arg.split("=", 1)[0] + "=" + REDACTED)
            continue
        if arg.startswith("--") and is_secret_flag(arg):
            hide_next = True
        out.append(arg)
    return out


def redact_flags(flags: Mapping[str, Any]) -> dict[str, Any]:
    return {k: (REDACTED if is_secret_flag(k) else v) for k, v in flags.items()}


def redact_env(env: Mapping[str, str]) -> dict[str, str]:
    return {k: (REDACTED if is_secret_env(k) else v) for k, v in env.items()}


def redact_text(text: str, secrets: Sequence[str] = ()) -> str:
    """Scrub a free-form line (an engine log line, an error message) of known and recognisable secrets."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, REDACTED)
    text = _INLINE.sub(lambda m: m.group(1) + REDACTED, text)
    text = _BEARER.sub(lambda m: m.group(1) + REDACTED, text)
    return _HF.sub(REDACTED, text)


def redact_event(_logger: Any, _name: str, event: dict[str, Any]) -> dict[str, Any]:
    """structlog processor: the last line of defence for anything that reaches a log."""
    for key, value in list(event.items()):
        if isinstance(value, str):
            event[key] = redact_text(value)
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            event[key] = redact_argv(value)
        elif isinstance(value, dict) and key in ("flags", "env"):
            event[key] = redact_flags(value) if key == "flags" else redact_env(value)
    return event

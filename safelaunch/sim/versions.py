"""Which SGLang the sim imitates, and what changes with the version.

The default is 0.5.10.post1: its source is the one vendored (tests/fixtures), so its flags and its log
lines are exact. The "new" family (>= 0.5.20, reference/sglang.md section 0) changes the graph-capture
lines, the KV-too-small message, the CUDA-graph flags and adds `/ready`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import total_ordering

from safelaunch.errors import ConfigError

VERSION_ENV = "SAFELAUNCH_SIM_SGLANG_VERSION"
DEFAULT_VERSION = "0.5.10.post1"

# torch pinned by each SGLang release (reference/sglang.md section 7); 0.5.10 sits between 0.5.5 and 0.5.12.
_TORCH = (((0, 5, 23), "2.14.1"), ((0, 5, 18), "2.13.0"), ((0, 5, 12), "2.11.0"), ((0, 5, 6), "2.9.1"))


@total_ordering
@dataclass(frozen=True)
class SglangVersion:
    text: str
    release: tuple[int, ...]
    post: int = 0

    @classmethod
    def parse(cls, text: str) -> SglangVersion:
        match = re.fullmatch(r"v?(\d+(?:\.\d+)*)(?:\.?post(\d+))?(?:[.+-].*)?", text.strip())
        if not match:
            raise ConfigError(f"{VERSION_ENV}={text!r} is not an SGLang version such as 0.5.10.post1 or 0.5.23")
        release = tuple(int(p) for p in match.group(1).split("."))
        return cls(text.strip(), release, int(match.group(2) or 0))

    def _key(self) -> tuple[tuple[int, ...], int]:
        padded = self.release + (0,) * (3 - len(self.release))
        return padded, self.post

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, SglangVersion):
            return NotImplemented
        return self._key() < other._key()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SglangVersion) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return self.text

    # ------------------------------------------------------------------ features

    @property
    def new_family(self) -> bool:
        """>= 0.5.20: new capture lines, 'Loaded weights leave no GPU memory...', -decode flags, /ready."""
        return self >= SglangVersion.parse("0.5.20")

    @property
    def max_bs_flag(self) -> str:
        return "--cuda-graph-max-bs-decode" if self >= SglangVersion.parse("0.5.18") else "--cuda-graph-max-bs"

    @property
    def has_ready_endpoint(self) -> bool:
        return self.new_family

    @property
    def has_subprocess_watchdog(self) -> bool:
        """>= 0.5.10.post1: `SubprocessWatchdog` polls the schedulers every 1 s and SIGQUITs the server when one
        died (SIGKILL, OOM killer, abort); before it, a dead scheduler leaves the server up and /health 503."""
        return self >= SglangVersion.parse("0.5.10.post1")

    @property
    def has_health_generation_switch(self) -> bool:
        """>= 0.5.6: SGLANG_ENABLE_HEALTH_ENDPOINT_GENERATION=false makes /health skip the scheduler."""
        return self >= SglangVersion.parse("0.5.6")

    @property
    def torch_version(self) -> str:
        for release, torch in _TORCH:
            if self.release >= release:
                return torch
        return "2.8.0"


def current_version(environ: dict[str, str] | None = None) -> SglangVersion:
    env = os.environ if environ is None else environ
    return SglangVersion.parse(env.get(VERSION_ENV) or DEFAULT_VERSION)

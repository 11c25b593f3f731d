"""What a policies/*.yaml file may say: the pydantic schema of recipes and of the retry policy.

Validation happens at load, file by file, so that a broken catalogue is one line naming the file, the recipe
and the field (`loading` words the first error). The flags the planner computes with (tp, dp, the fraction,
...) are type-checked here; SGLang's own parser checks the rest. A valid file becomes the plain dataclasses
of `catalogue`.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from safelaunch.core.recipes.catalogue import MIB, PHASES, RetryPolicy, version_tuple

_FLAG_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")


class RetryPolicySchema(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fraction_floor: float = Field(0.60, gt=0, lt=1)
    fraction_ceiling: float = Field(0.95, gt=0, le=0.99)
    margin_bytes: int = Field(512 * MIB, ge=0)
    max_attempts: int = Field(6, ge=1, le=50)
    tp_ladder: list[int] = Field(default_factory=lambda: [1, 2, 4, 8], min_length=1)
    phase_time_limits_s: dict[str, float] = Field(default_factory=dict)
    backoff_s: float = Field(5.0, ge=0)
    backoff_factor: float = Field(2.0, ge=1)
    backoff_max_s: float = Field(120.0, ge=0)
    fraction_step: float = Field(0.03, gt=0, lt=0.5)
    cuda_graph_bs_floor: int = Field(16, ge=1)
    prefer: Literal["fraction", "cuda-graph-max-bs"] = "fraction"
    min_kv_tokens: int = Field(32768, ge=1)
    remedies: dict[str, list[str]] = Field(default_factory=dict)
    fleet_demote_after_hosts: int = Field(3, ge=1)
    runtime_activation_margin: float = Field(1.1, ge=0, le=20)
    unseen_need_factor: float = Field(2.0, ge=1, le=5)
    unseen_need_factor_moe: float = Field(3.0, ge=1, le=8)

    @field_validator("remedies")
    @classmethod
    def _remedies(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        from safelaunch.core.remedies import DEFAULT_CHAINS, REMEDIES

        for label, chain in v.items():
            if label not in DEFAULT_CHAINS:
                raise ValueError(f"unknown failure label {label!r} (labels: {', '.join(DEFAULT_CHAINS)})")
            for name in chain:
                if name not in REMEDIES:
                    raise ValueError(f"{label}: unknown remedy {name!r} (remedies: {', '.join(REMEDIES)})")
        return v

    @field_validator("tp_ladder")
    @classmethod
    def _ladder(cls, v: list[int]) -> list[int]:
        if any(x < 1 for x in v) or v != sorted(set(v)):
            raise ValueError("must be increasing positive integers")
        return v

    @field_validator("phase_time_limits_s")
    @classmethod
    def _phases(cls, v: dict[str, float]) -> dict[str, float]:
        for k, s in v.items():
            if k not in PHASES:
                raise ValueError(f"unknown phase {k!r} (phases: {', '.join(PHASES)})")
            if s <= 0:
                raise ValueError(f"{k}: must be positive")
        return v

    def to_policy(self) -> RetryPolicy:
        if self.fraction_floor >= self.fraction_ceiling:
            raise ValueError("fraction_floor must be below fraction_ceiling")
        d = self.model_dump()
        d["tp_ladder"] = tuple(d["tp_ladder"])
        d["remedies"] = {k: tuple(v) for k, v in d["remedies"].items()}
        return RetryPolicy(**d)


Scalar = bool | int | float | str


class _Match(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: list[str] | str = "*"
    hw: str
    quant: str | None = None
    strategy: Literal["low-latency", "balanced", "high-throughput"] | None = None
    nodes: Literal["single", "multi"] = "single"
    gpus: int | None = Field(None, ge=1)
    kind: Literal["dense", "moe"] | None = None

    @field_validator("model")
    @classmethod
    def _models(cls, v: list[str] | str) -> list[str]:
        items = [v] if isinstance(v, str) else v
        if not items or any(not isinstance(x, str) or not x.strip() for x in items):
            raise ValueError("must be a model id, a glob, or a list of them")
        return items

    @field_validator("hw")
    @classmethod
    def _hw(cls, v: str) -> str:
        if not _FLAG_NAME.fullmatch(v):
            raise ValueError("must be a hardware key such as h200 or h200-nvl")
        return v


class _Workload(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dataset: str
    isl: int = Field(ge=1)
    osl: int = Field(ge=1)
    max_concurrency: int = Field(ge=1)


class _Benchmark(BaseModel):
    model_config = ConfigDict(extra="forbid")

    workload: _Workload
    ttft_ms: float | None = None
    tpot_ms: float | None = None
    tokens_per_sec_per_gpu: float | None = None
    sglang_version: str | None = None
    notes: str | None = None


class RecipeSchema(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    match: _Match
    flags: dict[str, Scalar] = Field(default_factory=dict)
    env: dict[str, str] = Field(default_factory=dict)
    verified: bool = False
    provenance: str = Field(min_length=1)
    fallback_hw: list[str] = Field(default_factory=list)
    benchmarks: list[_Benchmark] = Field(default_factory=list)
    variant: str | None = None
    notes: str | None = None
    min_sglang: str | None = None  # the recipe needs at least this SGLang (a flag or choice added then)

    @field_validator("min_sglang")
    @classmethod
    def _min(cls, v: str | None) -> str | None:
        if v is not None and version_tuple(v) is None:
            raise ValueError("must be a version such as 0.5.23")
        return v

    @field_validator("flags")
    @classmethod
    def _flags(cls, v: dict[str, Scalar]) -> dict[str, Scalar]:
        for name, value in v.items():
            if not _FLAG_NAME.fullmatch(name):
                raise ValueError(f"{name!r}: flag names are SGLang's without the leading '--' (e.g. tp, dp)")
            _check_flag_value(name, value)
        return v


def _check_flag_value(name: str, value: Scalar) -> None:
    """Type checks for the flags the planner itself computes with; SGLang's parser checks the rest."""
    if value is False:
        raise ValueError(f"{name}: omit a flag instead of setting it to false")
    ints = ("tp", "dp", "ep", "pp", "cuda-graph-max-bs", "chunked-prefill-size", "max-running-requests")
    bad_int = isinstance(value, bool) or not isinstance(value, int) or value < -1 or value == 0
    if name in ints and value != "auto" and bad_int:
        raise ValueError(f"{name}: must be a positive integer or 'auto'")
    bad_fraction = isinstance(value, bool) or not isinstance(value, int | float) or not 0 < float(value) < 1
    if name == "mem-fraction-static" and value != "auto" and bad_fraction:
        raise ValueError(f"{name}: must be a number between 0 and 1, or 'auto'")


class PolicyFileSchema(BaseModel):
    model_config = ConfigDict(extra="forbid")

    retry: RetryPolicySchema | None = None
    fallback_hw: dict[str, list[str]] = Field(default_factory=dict)
    recipes: list[RecipeSchema] = Field(default_factory=list)

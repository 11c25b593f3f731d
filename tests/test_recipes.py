"""The catalogue: schema, ties, fallback chains, ranking, the retry policy."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from safelaunch.core.recipes import (
    PHASES,
    Request,
    RetryPolicy,
    gpus_needed,
    hw_chain,
    load_catalogue,
    load_policy,
    packaged_policies_dir,
    select,
)
from safelaunch.errors import ConfigError
from tests.conftest import ROOT, run_cli

DEFAULTS = (ROOT / "policies" / "defaults.yaml").read_text()


def _catalogue(tmp_path: Path, extra: str, with_defaults: bool = True) -> Path:
    d = tmp_path / "cat"
    d.mkdir(exist_ok=True)
    if with_defaults:
        (d / "defaults.yaml").write_text(DEFAULTS)
    (d / "extra.yaml").write_text(textwrap.dedent(extra))
    return d


def _req(model: str = "acme/Model-7B", hw: str = "h200", gpus: int = 8, **kw: str) -> Request:
    return Request(
        model_id=model,
        hw_key=hw,
        gpu_count=gpus,
        strategy=kw.get("strategy", "balanced"),
        quant=kw.get("quant", "bf16"),
        kind=kw.get("kind", "dense"),
        sglang_version=kw.get("version"),
    )


def test_packaged_catalogue_is_valid_and_complete() -> None:
    cat = load_catalogue()
    assert Path(cat.directory) == packaged_policies_dir()
    ids = {r.id for r in cat.recipes}
    for hw in ("h100", "h200", "h200-nvl", "b200", "a100-80gb", "a100-40gb", "l40s"):
        assert {f"generic/{hw}/dense", f"generic/{hw}/moe"} <= ids
    assert {"deepseek-v4-flash/h200/fp8/balanced", "deepseek-v4-flash/b200/fp4/low-latency"} <= ids
    assert "qwen3.8-flash-next-fp8/h200-nvl" in ids
    assert all(r.provenance for r in cat.recipes)
    verified = {r.id for r in cat.recipes if r.verified}
    assert verified == {"deepseek-v4-flash/h200/fp8/balanced", "deepseek-v4-flash/b200/fp4/low-latency"}
    bench = cat.by_id("deepseek-v4-flash/h200/fp4/low-latency").benchmarks[0]  # type: ignore[union-attr]
    assert bench["workload"] == {"dataset": "random", "isl": 8192, "osl": 1024, "max_concurrency": 1}
    assert (bench["ttft_ms"], bench["tpot_ms"], bench["tokens_per_sec_per_gpu"]) == (308.29, 1.72, 606)
    assert cat.fallback_hw["h200-nvl"] == ("h200",)


def test_retry_policy_from_defaults() -> None:
    p = load_policy()
    assert isinstance(p, RetryPolicy)
    assert 0 < p.fraction_floor < p.fraction_ceiling < 1
    assert p.tp_ladder == (1, 2, 4, 8) and p.max_attempts >= 3 and p.margin_bytes > 0
    assert set(p.phase_time_limits_s) <= set(PHASES) and p.phase_time_limits_s["cuda_graph"] > 0
    assert [p.backoff(n) for n in (1, 2, 3)] == [5, 10, 20] and p.backoff(20) == p.backoff_max_s


@pytest.mark.parametrize(
    ("yaml_text", "expected"),
    [
        (
            """
            recipes:
              - id: r1
                match: {model: "*", hw: h200, strategy: fastest}
                provenance: t
            """,
            "recipe 'r1': match.strategy",
        ),
        (
            """
            recipes:
              - id: r2
                match: {model: "*", hw: h200}
                flags: {tp: 0}
                provenance: t
            """,
            "recipe 'r2': flags: tp: must be a positive integer or 'auto'",
        ),
        (
            """
            recipes:
              - id: r3
                match: {model: "*", hw: h200}
                flags: {mem-fraction-static: 1.5}
                provenance: t
            """,
            "between 0 and 1",
        ),
        (
            """
            recipes:
              - match: {model: "*", hw: h200}
                provenance: t
            """,
            "recipe #1: id",
        ),
        (
            """
            recipes:
              - id: r5
                match: {model: "*", hw: h200}
            """,
            "recipe 'r5': provenance",
        ),
        (
            """
            recipes:
              - id: r6
                match: {model: "*", hw: h200}
                flags: {--tp: 2}
                provenance: t
            """,
            "without the leading '--'",
        ),
        (
            """
            recipes:
              - id: r7
                match: {model: "*", hw: h200}
                provenance: t
                verifed: true
            """,
            "recipe 'r7': verifed",
        ),
    ],
)
def test_schema_errors_name_file_recipe_and_field(tmp_path: Path, yaml_text: str, expected: str) -> None:
    d = _catalogue(tmp_path, yaml_text)
    with pytest.raises(ConfigError) as exc:
        load_catalogue(d)
    msg = str(exc.value)
    assert "\n" not in msg and str(d / "extra.yaml") in msg and expected in msg


def test_retry_policy_errors(tmp_path: Path) -> None:
    d = tmp_path / "cat"
    d.mkdir()
    (d / "defaults.yaml").write_text("retry:\n  tp_ladder: [4, 2]\n")
    with pytest.raises(ConfigError, match=r"retry policy: tp_ladder: .*increasing"):
        load_catalogue(d)
    (d / "defaults.yaml").write_text("retry:\n  phase_time_limits_s: {capture: 10}\n")
    with pytest.raises(ConfigError, match="unknown phase 'capture'"):
        load_catalogue(d)
    (d / "defaults.yaml").write_text("recipes: []\n")
    with pytest.raises(ConfigError, match="no retry policy"):
        load_catalogue(d)


def test_duplicate_ids_and_ties(tmp_path: Path) -> None:
    d = _catalogue(
        tmp_path,
        """
        recipes:
          - id: generic/h200/dense
            match: {model: "acme/*", hw: h200}
            provenance: t
        """,
    )
    with pytest.raises(ConfigError, match=r"already used in defaults\.yaml"):
        load_catalogue(d)
    d = _catalogue(
        tmp_path,
        """
        recipes:
          - id: a
            match: {model: "acme/*", hw: h200, strategy: balanced}
            provenance: t
          - id: b
            match: {model: "acme/Model-*", hw: h200, strategy: balanced}
            provenance: t
        """,
    )
    with pytest.raises(ConfigError, match="recipe 'b': match: ties with recipe 'a'"):
        load_catalogue(d)


def test_no_tie_when_one_recipe_pins_more(tmp_path: Path) -> None:
    d = _catalogue(
        tmp_path,
        """
        recipes:
          - id: any-strategy
            match: {model: "acme/Model-7B", hw: h200}
            flags: {tp: 2}
            provenance: t
          - id: balanced
            match: {model: "acme/Model-7B", hw: h200, strategy: balanced}
            flags: {tp: 4}
            provenance: t
          - id: glob
            match: {model: "acme/*", hw: h200, strategy: balanced}
            flags: {tp: 8}
            provenance: t
        """,
    )
    cat = load_catalogue(d)
    assert select(cat, _req()).recipe.id == "balanced"  # type: ignore[union-attr]
    assert select(cat, _req(strategy="low-latency")).recipe.id == "any-strategy"  # type: ignore[union-attr]
    assert select(cat, _req(model="acme/Other-1B")).recipe.id == "glob"  # type: ignore[union-attr]
    assert select(cat, _req(model="other/x")).recipe.id == "generic/h200/dense"  # type: ignore[union-attr]
    # a local directory named like the repo matches by name
    assert select(cat, _req(model="Model-7B")).recipe.id == "balanced"  # type: ignore[union-attr]


def test_fallback_is_explicit_and_explained(tmp_path: Path) -> None:
    d = _catalogue(
        tmp_path,
        """
        recipes:
          - id: m/h100
            match: {model: "acme/Model-7B", hw: h100}
            flags: {tp: 2}
            provenance: t
          - id: m/a100
            match: {model: "acme/Model-7B", hw: a100-80gb}
            fallback_hw: [a100-40gb]
            flags: {tp: 2}
            provenance: t
        """,
    )
    cat = load_catalogue(d)
    assert hw_chain(cat, "h100-nvl") == ("h100-nvl", "h100")
    s = select(cat, _req(hw="h100-nvl"))
    assert s.recipe.id == "m/h100" and s.via_hw == "h100"  # type: ignore[union-attr]
    assert any("fallback_hw h100-nvl -> h100" in r for r in s.reasons)
    # per-recipe opt-in
    s = select(cat, _req(hw="a100-40gb"))
    assert s.recipe.id == "m/a100" and s.via_hw == "a100-80gb"  # type: ignore[union-attr]
    # no chain declared: no silent fallback, the generic recipe of the host's own key
    s = select(cat, _req(hw="l40s"))
    assert s.recipe.id == "generic/l40s/dense" and s.via_hw is None  # type: ignore[union-attr]


def test_gpu_count_and_min_sglang_reject_with_reasons(tmp_path: Path) -> None:
    d = _catalogue(
        tmp_path,
        """
        recipes:
          - id: big
            match: {model: "acme/Model-7B", hw: h200}
            flags: {tp: 8}
            provenance: t
          - id: new
            match: {model: "acme/Model-7B", hw: h200, strategy: balanced}
            min_sglang: "0.5.23"
            flags: {tp: 2}
            provenance: t
        """,
    )
    cat = load_catalogue(d)
    s = select(cat, _req(gpus=4, version="0.5.10.post1"))
    assert s.recipe.id == "generic/h200/dense"  # type: ignore[union-attr]
    assert ("big", "needs 8 GPUs, host has 4") in s.rejected
    assert ("new", "needs SGLang >= 0.5.23, this one is 0.5.10.post1") in s.rejected
    assert select(cat, _req(gpus=4, version="0.5.23")).recipe.id == "new"  # type: ignore[union-attr]
    assert select(cat, _req(gpus=4)).recipe.id == "new"  # type: ignore[union-attr]  # unknown version: allowed


def test_gpus_needed() -> None:
    assert gpus_needed({"tp": 4, "dp": 4, "enable-dp-attention": True}) == 4
    assert gpus_needed({"tp": 2, "dp": 2}) == 4
    assert gpus_needed({"tp": "auto"}) == 1


def test_packaged_dir_copy_loads_like_the_original(tmp_path: Path) -> None:
    d = tmp_path / "copy"
    shutil.copytree(ROOT / "policies", d)
    assert len(load_catalogue(d).recipes) == len(load_catalogue().recipes)


def test_an_unknown_remedy_in_the_policy_is_one_line_naming_it(tmp_path: Path) -> None:
    from safelaunch.core.recipes import packaged_policies_dir

    text = (
        (packaged_policies_dir() / "defaults.yaml")
        .read_text()
        .replace("oom_weights: [escalate_tp]", "oom_weights: [buy_more_gpus]")
    )
    (tmp_path / "defaults.yaml").write_text(text)
    res = run_cli("plan", "Qwen/Qwen3-8B", "--host-profile", "1xh100", "--policies", str(tmp_path), "--no-validate")
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1
    assert "buy_more_gpus" in res.stderr and "defaults.yaml" in res.stderr

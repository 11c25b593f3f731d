"""Any model a user names: config.json from a directory, the HF cache or the Hub, estimated per architecture.

The fixtures under tests/fixtures/model-configs/ are real config.json files (and, where the repo has one, its
safetensors index's total_size with the real shard names; the weight_map is trimmed to one tensor per shard).
The Hub tests run the real huggingface_hub against a local stand-in (tests/hub_standin.py): CI has no network.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from safelaunch.core import hardware, memory
from safelaunch.host import doctor, planning
from safelaunch.host.model_source import read_model_dir
from tests.conftest import MODEL_CONFIGS, run_cli
from tests.hub_standin import COMMIT, HubStandIn

FIXTURES = sorted(p for p in MODEL_CONFIGS.iterdir() if (p / "config.json").is_file())
WITH_INDEX = [p for p in FIXTURES if (p / "model.safetensors.index.json").is_file()]
CLOSED = "http://127.0.0.1:9"  # nothing listens on the discard port: connection refused at once


def model_id(d: Path) -> str:
    return d.name.replace("__", "/", 1)


def online(tmp_path: Path, endpoint: str) -> dict[str, str]:
    """The environment of a host that may use the Hub at `endpoint` (HF_HUB_OFFLINE unset), with a private cache."""
    return {"HF_HUB_OFFLINE": "", "HF_ENDPOINT": endpoint, "HF_HOME": str(tmp_path / "hf"), "HF_HUB_CACHE": ""}


def test_the_fixtures_cover_every_family() -> None:
    families = {read_model_dir(d, model_id(d)).family for d in FIXTURES}
    assert len(FIXTURES) >= 12
    assert families >= {"dense", "moe", "mla-moe", "hybrid-linear", "hybrid-mamba", "vision-language"}


@pytest.mark.parametrize("directory", WITH_INDEX, ids=lambda d: d.name)
def test_the_estimate_from_config_alone_is_within_10_percent_of_the_index(directory: Path) -> None:
    info = read_model_dir(directory, model_id(directory))
    total = json.loads((directory / "model.safetensors.index.json").read_text())["metadata"]["total_size"]
    assert info.weight_bytes == total and not info.weight_bytes_estimated  # the index's exact bytes win
    assert info.config_estimate_bytes == pytest.approx(total, rel=0.10)


@pytest.mark.parametrize("directory", FIXTURES, ids=lambda d: d.name)
def test_plan_works_for_every_real_architecture_through_the_cli(directory: Path) -> None:
    r = run_cli("plan", str(directory), "--host-profile", "8xh200", "--no-validate", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["model_info"]["source"] == "local" and out["memory"]["weights_bytes"] > 0
    assert out["memory"]["kv_tokens"] > 0 and out["argv"][:2] == ["--model-path", str(directory)]


def test_families_shape_the_cache_as_sglang_does() -> None:
    host = hardware.profile_host("1xh200")
    by = {d.name: read_model_dir(d, model_id(d)) for d in FIXTURES}
    nemotron = by["nvidia__NVIDIA-Nemotron-Nano-9B-v2"]
    assert nemotron.kv_layer_count == 4 and nemotron.state_bytes_per_request > 0  # 4 attention layers of 56
    est = memory.estimate(nemotron, host, {"tp": 1, "mem-fraction-static": 0.85})
    assert est.state_pool_bytes > 0 and any("Mamba state" in n for n in est.notes)
    gpt_oss = by["openai__gpt-oss-20b"]  # 12 sliding layers in SGLang's SWA pool, MXFP4 experts only
    assert (gpt_oss.kv_layer_count, gpt_oss.swa_layers, gpt_oss.quant) == (12, 12, "mxfp4")
    assert memory.kv_bytes_per_token(gpt_oss, 1) == int(2 * 8 * 64 * (12 + 0.8 * 12) * 2)
    vl = by["Qwen__Qwen2.5-VL-7B-Instruct"]
    assert vl.vision_bytes > 10**9 and memory.estimate(vl, host, {"tp": 1}).vision_activation_bytes > 0
    assert by["Qwen__Qwen3-8B-FP8"].quant == "fp8" and by["Qwen__Qwen3-8B-FP8"].weight_block_size == (128, 128)
    assert by["Qwen__Qwen2.5-7B-Instruct-AWQ"].dtype == "int4"
    assert by["RedHatAI__Meta-Llama-3.1-8B-Instruct-FP8"].quant == "fp8"
    ratio = by["Qwen__Qwen3-8B-FP8"].weight_bytes / by["Qwen__Qwen3-8B"].weight_bytes
    assert 0.5 < ratio < 0.65  # FP8 linears, bf16 embeddings and LM head


def test_an_unknown_architecture_gets_a_generic_estimate_that_says_so(tmp_path: Path) -> None:
    d = tmp_path / "odd"
    d.mkdir()
    cfg = {"architectures": ["SomethingNewForCausalLM"], "hidden_size": 1024, "num_attention_heads": 8}
    (d / "config.json").write_text(json.dumps({**cfg, "num_hidden_layers": 4, "vocab_size": 1000}))
    r = run_cli("plan", str(d), "--host-profile", "1xh200", "--no-validate")
    assert r.returncode == 0, r.stderr
    assert "generic dense-transformer estimate" in r.stdout and "(generic)" in r.stdout


# --------------------------------------------------------------------------- the Hub and its failures


def test_offline_unknown_model_is_one_line_naming_what_to_do() -> None:
    r = run_cli("plan", "some/unknown-model", "--host-profile", "1xh200", HF_HUB_OFFLINE="1")
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "HF_HUB_OFFLINE=1" in lines[0]
    assert "hf download some/unknown-model config.json" in lines[0] and "local directory" in lines[0]


def test_network_unavailable_is_one_quick_line(tmp_path: Path) -> None:
    start = time.monotonic()
    r = run_cli(
        "plan", "some/unknown-model", "--host-profile", "1xh200", "--revision", "v2",
        HF_HUB_ETAG_TIMEOUT="2", **online(tmp_path, CLOSED),
    )  # fmt: skip
    assert time.monotonic() - start < 20  # not huggingface_hub's five retries with backoff
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "could not be reached" in lines[0]
    assert "hf download some/unknown-model config.json --revision v2" in lines[0]


def test_catalogue_is_the_fallback_when_the_hub_cannot_answer(tmp_path: Path) -> None:
    r = run_cli("plan", "Qwen/Qwen3-8B", "--host-profile", "1xh200", "--no-validate", **online(tmp_path, CLOSED))
    assert r.returncode == 0, r.stderr
    assert "from catalogue" in r.stdout and "built-in catalogue (the Hub" in r.stdout


def test_the_hub_gives_config_and_index_and_offline_never_asks(tmp_path: Path) -> None:
    repo = MODEL_CONFIGS / "Qwen__Qwen3-30B-A3B"
    total = json.loads((repo / "model.safetensors.index.json").read_text())["metadata"]["total_size"]
    with HubStandIn({"Qwen/Qwen3-30B-A3B": repo}, gated=frozenset({"meta-llama/Llama-Gated"})) as hub:
        env = online(tmp_path, hub.endpoint)
        offline = run_cli("plan", "Qwen/Qwen3-30B-A3B", "--host-profile", "1xh200", **{**env, "HF_HUB_OFFLINE": "1"})
        assert offline.returncode == 2 and hub.requests == []  # HF_HUB_OFFLINE=1 never touches the network
        r = run_cli("plan", "Qwen/Qwen3-30B-A3B", "--host-profile", "1xh200", "--no-validate", "--json", **env)
        assert r.returncode == 0, r.stderr
        info = json.loads(r.stdout)["model_info"]
        assert info["source"] == "hub" and info["weight_bytes"] == total and info["family"] == "moe"
        fetched = {line.split()[1].rsplit("/", 1)[1] for line in hub.requests if "/resolve/" in line}
        assert fetched == {"config.json", "model.safetensors.index.json"}  # never a weight file
        hub.requests.clear()
        cached = run_cli("plan", "Qwen/Qwen3-30B-A3B", "--host-profile", "1xh200", "--no-validate", "--json",
                         **{**env, "HF_HUB_OFFLINE": "1"})  # fmt: skip
        assert cached.returncode == 0 and json.loads(cached.stdout)["model_info"]["source"] == "hf-cache"
        assert hub.requests == []
        gated = run_cli("plan", "meta-llama/Llama-Gated", "--host-profile", "1xh200", **env)
        assert gated.returncode == 2 and len(gated.stderr.strip().splitlines()) == 1
        assert "gated" in gated.stderr and "HF_TOKEN" in gated.stderr
        bad_rev = run_cli("plan", "Qwen/Qwen3-30B-A3B", "--host-profile", "1xh200", "--revision", "nope", **env)
        assert bad_rev.returncode == 2 and "revision 'nope'" in bad_rev.stderr and "--revision" in bad_rev.stderr
        pinned = run_cli("plan", "Qwen/Qwen3-30B-A3B", "--host-profile", "1xh200", "--no-validate", "--json",
                         "--revision", COMMIT, **env)  # fmt: skip
        assert pinned.returncode == 0, pinned.stderr
        assert json.loads(pinned.stdout)["argv"][-2:] == ["--revision", COMMIT]


# --------------------------------------------------------------------------- doctor: weights really on disk


def test_doctor_does_not_call_a_config_only_directory_ok(tmp_path: Path) -> None:
    d = MODEL_CONFIGS / "meta-llama__Llama-3.1-8B-Instruct"
    r = run_cli("doctor", str(d), "--host-profile", "1xh200", "--json", HF_HOME=str(tmp_path))
    checks = {c["name"]: c for c in json.loads(r.stdout)["checks"]}
    assert checks["model"]["status"] == "fail" and "4 of 4 weight files missing" in checks["model"]["found"]
    assert "not needed: the weights are on disk" not in checks["hf-token"]["found"]
    assert r.returncode == 1


def test_doctor_counts_the_shards_present_and_their_bytes(tmp_path: Path) -> None:
    d = tmp_path / "llama"
    d.mkdir()
    src = MODEL_CONFIGS / "meta-llama__Llama-3.1-8B-Instruct"
    for name in ("config.json", "model.safetensors.index.json"):
        (d / name).write_text((src / name).read_text())
    shards = sorted(set(json.loads((d / "model.safetensors.index.json").read_text())["weight_map"].values()))
    for name in shards:
        with open(d / name, "wb") as f:
            f.truncate(1000)  # present, but far smaller than the index says: an interrupted download
    files = doctor.model_files(read_model_dir(d, str(d)), str(d), {"HF_HOME": str(tmp_path)})
    assert files.weights is not None and not files.weights.missing and not files.on_disk
    for name in shards:
        with open(d / name, "wb") as f:
            f.truncate(4_100_000_000)  # sparse: the real sizes
    files = doctor.model_files(read_model_dir(d, str(d)), str(d), {"HF_HOME": str(tmp_path)})
    assert files.on_disk


def test_doctor_and_serve_preflight_agree_on_the_deepseek_v4_flash_recipe(tmp_path: Path) -> None:
    """doctor runs its checks with the plan's env (SGLANG_DSV4_FP4_EXPERTS=0: FP8 experts on Triton), as serve."""
    model = "deepseek-ai/DeepSeek-V4-Flash"
    host = hardware.profile_host("8xh200")
    plan = planning.make_plan(model, host, strategy="balanced", quant="fp8")
    assert plan.env.get("SGLANG_DSV4_FP4_EXPERTS") == "0"
    preflight = {c.name: c for c in doctor.fast_checks(plan, host, python=sys.executable)}  # serve's own call
    r = run_cli("doctor", model, "--host-profile", "8xh200", "--quant", "fp8", "--python", sys.executable, "--json")
    got = {c["name"]: c for c in json.loads(r.stdout)["checks"]}
    for name in ("moe-kernel-config", "memory", "model"):
        assert got[name] == preflight[name].to_json(), name
    assert "FP4 experts do not run" not in got["moe-kernel-config"]["found"]


# --------------------------------------------------------------------------- models and --recipe


def test_models_lists_the_catalogue_and_the_recipes() -> None:
    r = run_cli("models", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert "deepseek-ai/DeepSeek-V4-Flash" in {m["model"] for m in doc["models"]}
    rec = {x["id"]: x for x in doc["recipes"]}["deepseek-v4-flash/h200/fp8/balanced"]
    assert (rec["hw"], rec["quant"], rec["strategy"], rec["verified"], rec["gpus"]) == (
        "h200",
        "fp8",
        "balanced",
        True,
        4,
    )
    text = run_cli("models")
    assert text.returncode == 0 and "deepseek-v4-flash/b200/fp4/low-latency" in text.stdout


def test_recipe_pins_one_and_refuses_what_does_not_fit() -> None:
    base = ("plan", "deepseek-ai/DeepSeek-V4-Flash", "--host-profile", "8xh200", "--no-validate")
    pinned = run_cli(*base, "--json", "--recipe", "DeepSeek-V4-Flash/H200/FP8/High-Throughput")
    assert pinned.returncode == 0, pinned.stderr
    out = json.loads(pinned.stdout)
    assert out["recipe"] == "deepseek-v4-flash/h200/fp8/high-throughput" and "pinned by --recipe" in out["reasons"][0]
    for recipe, why in (
        ("deepseek-v4-flash/b200/fp4/low-latency", "it is for b200 GPUs"),
        ("no/such/recipe", "no such recipe"),
    ):
        r = run_cli(*base, "--recipe", recipe)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and why in r.stderr, r.stderr
    other = run_cli(
        "plan", "Qwen/Qwen3-8B", "--host-profile", "8xh200", "--recipe", "deepseek-v4-flash/h200/fp8/balanced"
    )
    assert other.returncode == 2 and "not Qwen/Qwen3-8B" in other.stderr

"""The simulated engine under load: serving forwards need activation memory outside the static pool."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from safelaunch.core.hardware import profile_host
from safelaunch.sim.args import parse
from safelaunch.sim.dryrun import dry_run
from safelaunch.sim.model_files import load_model
from safelaunch.sim.plan import SGLANG_ACT_RESERVE_PER_TOKEN, make_plan
from safelaunch.sim.versions import current_version
from tests.conftest import ROOT, run_cli, subprocess_env
from tests.ports import free_port as _free_port

QWEN = "Qwen/Qwen3-8B"  # 1x H100: chunked prefill 8192, SGLang's default fraction 0.83
CHUNK = 8192


class _Sim:
    """One `python -m safelaunch.sim` process, its merged output collected as it is printed."""

    def __init__(self, fraction: float, model: str = QWEN, profile: str = "1xh100", *args: str) -> None:
        self.port = _free_port()
        self.proc = subprocess.Popen(
            [
                *(sys.executable, "-m", "safelaunch.sim", "--model-path", model, *args),
                *("--mem-fraction-static", str(fraction), "--port", str(self.port)),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=subprocess_env(SAFELAUNCH_HOST_PROFILE=profile, SAFELAUNCH_SIM_SPEED="200"),
            cwd=ROOT,
        )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)

    @property
    def text(self) -> str:
        return "".join(self.lines)

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while "The server is fired up and ready to roll!" not in self.text:
            assert self.proc.poll() is None, self.text[-3000:]
            assert time.monotonic() < deadline, self.text[-3000:]
            time.sleep(0.05)

    def full_chunk(self) -> httpx.Response | None:
        """One request whose prompt is a whole chunk of real token ids (what `loadgen` sends); None: no answer."""
        body = {"input_ids": list(range(1, CHUNK + 1)), "sampling_params": {"max_new_tokens": 4}}
        try:
            return httpx.post(f"http://127.0.0.1:{self.port}/generate", json=body, timeout=20)
        except httpx.HTTPError:
            return None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        self._reader.join(timeout=5)


@pytest.fixture
def sims() -> Iterator[list[_Sim]]:
    started: list[_Sim] = []
    yield started
    for sim in started:
        sim.stop()


def _room_after_start(fraction: float) -> tuple[str, float, int]:
    """(outcome, GiB free after start-up, bytes a full chunk's forward needs) for QWEN on 1x H100, by the dry run."""
    argv = ["--model-path", QWEN, "--mem-fraction-static", str(fraction)]
    plan = make_plan(parse(argv, current_version()), profile_host("1xh100"), load_model(QWEN), current_version(), 0)
    outcome = dry_run(plan, [g.memory_total for g in profile_host("1xh100").gpus], [0], 0)
    return outcome.kind, outcome.numbers.get("available_gpu_mem_gib", 0.0), plan.forward_activation_bytes(CHUNK, 0)


def test_a_fraction_that_boots_can_die_of_a_full_chunk_and_a_lower_one_survives(
    sims: list[_Sim], tmp_path: Path
) -> None:
    # The highest fraction that still boots leaves less than a full chunk's activations; one well below it does not.
    fractions = [round(0.96 - 0.005 * i, 3) for i in range(40)]
    rooms = {f: _room_after_start(f) for f in fractions}
    high_f = next(f for f in fractions if rooms[f][0] == "healthy")
    _, free, need = rooms[high_f]
    assert free * 2**30 < need, rooms[high_f]
    low_f = next(f for f in fractions if rooms[f][0] == "healthy" and rooms[f][1] * 2**30 > need + 2**30)
    high, low = _Sim(high_f), _Sim(low_f)
    sims += [high, low]
    high.wait_ready()
    low.wait_ready()
    assert "torch.OutOfMemoryError" not in high.text  # the tiny warm-up request does not reveal it

    assert high.full_chunk() is None  # the scheduler died mid-request
    high.proc.wait(timeout=10)
    high._reader.join(timeout=5)
    text = high.text
    assert f"#new-token: {CHUNK}," in text
    assert "Scheduler hit an exception" in text and "forward_batch_generation" in text
    assert "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate" in text
    log = tmp_path / "sim.log"
    log.write_text(text)
    res = run_cli("classify", str(log), "--json")
    diag = json.loads(res.stdout)
    assert diag["label"] == "oom_runtime" and diag["phase"] == "serving", diag
    assert diag["numbers"]["tried_bytes"] > diag["numbers"]["free_bytes"]

    ok = low.full_chunk()
    assert ok is not None and ok.status_code == 200, low.text[-3000:]
    assert ok.json()["meta_info"]["prompt_tokens"] == CHUNK and ok.json()["meta_info"]["completion_tokens"] == 4
    assert low.proc.poll() is None and "out of memory" not in low.text


@pytest.mark.parametrize(
    ("model", "host", "tp"),
    [
        ("Qwen/Qwen3-8B", "1xh100", 1),
        ("meta-llama/Llama-3.1-70B-Instruct", "4xh100", 4),
        ("deepseek-ai/DeepSeek-V3", "8xh200", 8),
        ("deepseek-ai/DeepSeek-V4-Flash", "8xh200", 8),
    ],
)
def test_the_sims_activation_need_is_well_under_sglangs_reserve(model: str, host: str, tp: int) -> None:
    """The sim's own activation model (truth.activations): a layer's live tensors, far below SGLang's flat 1.5 MiB
    per chunk token; a forward holds at most one chunk of prefill tokens plus a token (and its logits) per decode."""
    version = current_version()
    args = parse(["--model-path", model, "--tp-size", str(tp)], version)
    shares = []
    for seed in range(5):
        plan = make_plan(args, profile_host(host), load_model(model), version, seed)
        act, scale = plan.figures.activations, plan.variation.activation_scale
        shares.append(plan.activation_per_token() / SGLANG_ACT_RESERVE_PER_TOKEN)
        full = plan.forward_activation_bytes(10**7, 0)
        assert full == int((plan.prefill_chunk_tokens() * act.per_prefill_token + act.per_forward) * scale)
        assert plan.forward_activation_bytes(0, 3) == int(3 * act.per_decode_request * scale)
    assert all(0.05 < s < 0.5 for s in shares), shares
    assert len(set(shares)) > 1  # the seed's hidden variation


def test_serve_bench_on_the_default_plan_survives_the_load(tmp_path: Path) -> None:
    res = run_cli(
        "--log-format",
        "json",
        "serve",
        "deepseek-ai/DeepSeek-V4-Flash",
        "--engine",
        "sim",
        "--host-profile",
        "8xh200",
        "--bench",
        "--bench-scale",
        "0.02",
        "--exit-when-healthy",
        "--json",
        timeout=90,
        SAFELAUNCH_HOME=str(tmp_path),
        SAFELAUNCH_SIM_SPEED="200",
        SAFELAUNCH_SIM_SEED="5",
    )
    lines = [line for line in res.stdout.splitlines() if line.startswith("{")]
    assert res.returncode == 0 and lines, res.stderr[-3000:]
    out = json.loads(lines[-1])
    assert out["healthy"] is True and out["verified"] is True and out["failed_under_load"] is None
    assert all(b["completed"] == b["num_prompts"] for b in out["benchmarks"])


def test_serve_does_not_call_a_start_healthy_that_leaves_no_room_for_a_chunk(tmp_path: Path, sims: list[_Sim]) -> None:
    """Plain TP 8 at 0.88 boots, but its graphs leave too little for a full chunk: serve reads SGLang's
    available_gpu_mem after start-up, finds it short of the memory model's need, sends one full chunk to decide,
    and (the chunk killing the engine) lowers the fraction from the OOM's figures before it calls a config
    healthy. The record names what happened: SGLang's own runtime OOM after ready, with its numbers."""
    policies = tmp_path / "policies"
    policies.mkdir()
    policies.joinpath("defaults.yaml").write_text((ROOT / "policies" / "defaults.yaml").read_text())
    model = "deepseek-ai/DeepSeek-V4-Flash"
    res = run_cli(
        "--log-format",
        "json",
        "serve",
        model,
        "--engine",
        "sim",
        "--host-profile",
        "8xh200",
        "--tp",
        "8",
        "--mem-fraction-static",
        "0.88",
        "--policies",
        str(policies),
        "--port",  # a port of its own: 30000 may be held by another test's server on a shared machine
        str(_free_port()),
        "--exit-when-healthy",
        "--json",
        SAFELAUNCH_HOME=str(tmp_path),
        SAFELAUNCH_SIM_SPEED="200",
        timeout=120,
    )
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["healthy"], res.stderr[-3000:]
    first = out["failures"][0]
    assert first["label"] == "oom_runtime", first
    assert first["numbers"]["free_bytes"] < first["numbers"]["tried_bytes"]
    assert "killed the engine" in res.stderr
    final = out["flags"]["mem-fraction-static"]
    assert final < 0.88
    # the same request kills the first config and is served by the final one
    for fraction, survives in ((0.88, False), (final, True)):
        sim = _Sim(fraction, model, "8xh200", "--tp-size", "8", "--trust-remote-code")
        sims.append(sim)
        sim.wait_ready()
        reply = sim.full_chunk()
        assert (reply is not None and reply.status_code == 200) is survives, sim.text[-2000:]

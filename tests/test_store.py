"""The store: round trips, key semantics, redaction down to the file bytes, concurrent writers, corrupt files."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import time
from pathlib import Path

import pytest

from safelaunch.store import (
    SCHEMA_VERSION,
    AttemptRecord,
    BenchmarkResult,
    ConfigKey,
    PastFailure,
    Provenance,
    Store,
    StoreError,
    VerifiedConfig,
    store_path,
)
from tests.conftest import run_cli

SECRET = "sk-live-9f8e7d6c5b4a"
HF_SECRET = "hf_AbCdEfGhIjKlMnOpQrStUv"
KEY = ConfigKey("h200", 8, "deepseek-ai/DeepSeek-V4-Flash", "fp8", "balanced", "0.5.10.post1", "sglang")
REAL = Provenance("sglang", "nvml", "metadata")
SIMULATED = Provenance("sim", "profile:8xh200", "sim")


def attempt(**over: object) -> AttemptRecord:
    base: dict = dict(
        run_id="run-1",
        attempt_no=1,
        started_at=1_750_000_000.0,
        host_fingerprint="NVIDIA H200|x8|150754820096|nvlink18",
        hw_key="h200",
        gpu_count=8,
        device_name="NVIDIA H200",
        driver_version="570.133.20",
        model=KEY.model,
        quant="fp8",
        strategy="balanced",
        sglang_version="0.5.10.post1",
        flags={"tp": 8, "mem-fraction-static": 0.88},
        outcome="failed",
        failure_label="oom_cuda_graph",
        phase="cuda_graph",
        numbers={"tried_bytes": 2147483648, "free_bytes": 1073741824, "batch_size": 256},
        decision="mem-fraction-static 0.88 -> 0.86: 1.0 GiB missing per GPU + margin",
        time_to_failure_s=41.5,
        log_tail="Capturing batches (bs=256 avail_mem=1.00 GB)\ntorch.OutOfMemoryError: CUDA out of memory.",
        provenance=REAL,
    )
    base.update(over)
    return AttemptRecord(**base)


def config(**over: object) -> VerifiedConfig:
    base: dict = dict(
        hw_key=KEY.hw_key,
        gpu_count=KEY.gpu_count,
        model=KEY.model,
        quant=KEY.quant,
        strategy=KEY.strategy,
        sglang_version=KEY.sglang_version,
        flags={"tp": 8, "mem-fraction-static": 0.86, "trust-remote-code": True},
        env={"SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "256"},
        host_fingerprint="NVIDIA H200|x8|150754820096|nvlink18",
        device_name="NVIDIA H200",
        driver_version="570.133.20",
        max_total_num_tokens=1_234_567,
        server_info={"version": "0.5.10.post1", "max_total_num_tokens": 1_234_567},
        verified_at=1_750_000_100.0,
        attempts_needed=2,
        failures=(PastFailure("oom_cuda_graph", {"tried_bytes": 2147483648}, "mem-fraction-static 0.88 -> 0.86"),),
        provenance=REAL,
    )
    base.update(over)
    return VerifiedConfig(**base)


def bench(conc: int, ttft: float = 897.0) -> BenchmarkResult:
    return BenchmarkResult("random", 8192, 1024, conc, ttft, 41.27, 3098.0, output_throughput=2754.0)


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The store's location on each backend: a SQLite file, or a fresh PostgreSQL database (skipped without)."""
    if request.param == "sqlite":
        return str(tmp_path / "safelaunch.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def db(target: str) -> Store:
    store = Store.open(target)
    yield store
    store.close()


# --------------------------------------------------------------------------- round trips and semantics


def test_attempts_round_trip_newest_first_with_filters(db: Store) -> None:
    first = db.record_attempt(attempt())
    second = db.record_attempt(
        attempt(attempt_no=2, started_at=1_750_000_050.0, outcome="healthy", failure_label=None, time_to_healthy_s=80.0)
    )
    db.record_attempt(attempt(run_id="run-2", model="Qwen/Qwen3-8B", started_at=1_750_000_060.0))
    assert second > first
    recs = db.attempts(model=KEY.model)
    assert [r.id for r in recs] == [second, first]
    assert recs[1].numbers["tried_bytes"] == 2147483648 and recs[1].failure_label == "oom_cuda_graph"
    assert recs[1].quant == "fp8" and recs[1].flags == {"tp": 8, "mem-fraction-static": 0.88}
    assert recs[0].outcome == "healthy" and recs[0].time_to_healthy_s == 80.0
    assert len(db.attempts(limit=1)) == 1
    assert [r.model for r in db.attempts(run_id="run-2")] == ["Qwen/Qwen3-8B"]
    assert recs[0].to_json()["started_at"].endswith("Z")


def test_unknown_outcome_is_refused(db: Store) -> None:
    with pytest.raises(StoreError, match="outcome"):
        db.record_attempt(attempt(outcome="exploded"))


def test_verified_round_trip_and_lookup(db: Store) -> None:
    stored = db.upsert_verified(config())
    assert stored.id is not None and stored.key == KEY
    found = db.find_verified(*KEY)
    assert found == stored
    assert found.failures[0].label == "oom_cuda_graph" and found.max_total_num_tokens == 1_234_567
    assert db.find_verified(*KEY._replace(sglang_version="0.5.12")) is None
    assert db.find_verified(*KEY._replace(gpu_count=4)) is None
    assert db.find_verified(*KEY, require_benchmark=True) is None  # booted, not yet benchmarked


def test_unknown_quant_and_version_are_still_one_key(db: Store) -> None:
    """SQLite treats NULLs as distinct in UNIQUE; None must not create a second row per upsert."""
    for fraction in (0.8, 0.82, 0.84):
        db.upsert_verified(config(quant=None, sglang_version=None, flags={"mem-fraction-static": fraction}))
    rows = db.verified_configs()
    assert len(rows) == 1 and rows[0].flags == {"mem-fraction-static": 0.84}
    assert db.find_verified(KEY.hw_key, 8, KEY.model, None, "balanced", None, "sglang").quant is None


def test_benchmark_then_restart_from_store_keeps_the_evidence(db: Store) -> None:
    db.upsert_verified(config())
    assert db.add_benchmark(*KEY, [bench(64), bench(256, ttft=44577.0)])
    assert db.add_benchmark(*KEY, bench(64, ttft=900.0))  # measured again: replaces, does not duplicate
    cfg = db.find_verified(*KEY, require_benchmark=True)
    assert cfg is not None and cfg.verified
    assert [(b.max_concurrency, b.ttft_ms) for b in cfg.benchmarks] == [(64, 900.0), (256, 44577.0)]
    # The next start came from the store: one attempt, no failures, same flags.
    again = db.upsert_verified(config(attempts_needed=1, failures=(), benchmarks=(), verified=False))
    assert again.verified and len(again.benchmarks) == 2
    assert again.attempts_needed == 2 and again.failures[0].label == "oom_cuda_graph"
    assert db.add_benchmark(*KEY._replace(model="nope"), bench(1)) is False


def test_failure_under_load_blocks_the_config_and_stays_in_its_story(db: Store) -> None:
    db.upsert_verified(config())
    db.add_benchmark(*KEY, bench(64))
    assert db.mark_failed_under_load(*KEY, "oom_runtime", {"tried_bytes": 536870912}, "lower the fraction")
    assert db.find_verified(*KEY) is None
    failed = db.find_verified(*KEY, include_failed_under_load=True)
    assert failed is not None and not failed.verified
    assert failed.load_failure == PastFailure("oom_runtime", {"tried_bytes": 536870912}, "lower the fraction")
    # The remedy found a lower fraction: the new config replaces the old, and remembers why.
    lower = db.upsert_verified(config(flags={"tp": 8, "mem-fraction-static": 0.83}))
    assert lower.load_failure is None and db.find_verified(*KEY) == lower
    assert [f.label for f in lower.failures] == ["oom_cuda_graph", "oom_runtime"]
    assert db.mark_failed_under_load(*KEY._replace(strategy="low-latency"), "oom_runtime") is False


def test_the_engine_is_part_of_the_key_so_a_rehearsal_never_answers_a_real_lookup(db: Store) -> None:
    real = db.upsert_verified(config())
    sim = db.upsert_verified(config(flags={"tp": 8, "mem-fraction-static": 0.8}, provenance=SIMULATED))
    assert real.id != sim.id and len(db.verified_configs()) == 2  # same hardware/model/version: two rows
    assert db.find_verified(*KEY) == real and db.find_verified(*KEY).provenance == REAL
    found = db.find_verified(*KEY._replace(engine="sim"))
    assert found == sim and found.flags["mem-fraction-static"] == 0.8 and found.provenance.simulated
    assert db.find_verified(*KEY._replace(engine="docker")) is None
    assert db.add_benchmark(*KEY._replace(engine="sim"), bench(64))
    assert not db.find_verified(*KEY).benchmarks  # the sim's figures stay on the sim's row
    rec = db.attempts()[0] if db.record_attempt(attempt(provenance=SIMULATED)) else None
    assert rec is not None and rec.provenance == SIMULATED and rec.to_json()["provenance"]["engine"] == "sim"


def test_a_store_from_before_provenance_migrates_and_its_rows_read_as_unknown(tmp_path: Path) -> None:
    from safelaunch.store.schema import MIGRATIONS

    path = tmp_path / "safelaunch.db"
    with sqlite3.connect(path) as conn:  # a version-1 store as the previous safelaunch wrote it
        for statement in MIGRATIONS[0]:
            conn.execute(statement)
        conn.execute(
            "INSERT INTO attempts (run_id, attempt_no, started_at, host_fingerprint, hw_key, gpu_count, device_name,"
            " model, strategy, outcome) VALUES ('r', 1, 1.0, 'fp', 'h200', 8, 'NVIDIA H200', 'm/x', 'balanced',"
            " 'healthy')"
        )
        conn.execute(
            "INSERT INTO verified (hw_key, gpu_count, model, strategy, sglang_version, flags, verified_at, verified,"
            " benchmarks, updated_at) VALUES ('h200', 8, 'm/x', 'balanced', '0.5.10.post1',"
            " '{\"mem-fraction-static\": 0.8}', 1.0, 1, ?, 1.0)",
            (json.dumps([bench(64).to_json() | {"tool": None, "extra": {"tool": "safelaunch.upstream.loadgen"}}]),),
        )
        conn.execute("PRAGMA user_version = 1")
    with Store.open(path) as store:
        (old,) = store.verified_configs()
        assert old.provenance == Provenance() and not old.provenance.real_engine and old.verified
        assert old.benchmarks[0].tool == "safelaunch.upstream.loadgen" and not old.benchmarks[0].by_sglang_bench
        assert store.attempts()[0].provenance.engine == "unknown"
        # rows from before hosts were named belong to this host (one file per host): they stay its own
        assert old.host == store.host != "" and store.attempts()[0].host == store.host
        for engine in ("sglang", "sim"):  # unknown is neither: never a starting point for either
            assert store.find_verified("h200", 8, "m/x", None, "balanced", "0.5.10.post1", engine) is None
        store.upsert_verified(config(model="m/x", quant=None))  # a new real row beside the old one
        assert len(store.verified_configs(model="m/x")) == 2
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    out = run_cli("history", "--json", SAFELAUNCH_HOME=str(tmp_path))
    assert out.returncode == 0 and json.loads(out.stdout)["verified"][0]["provenance"]["engine"] == "unknown"


def test_benchmark_json_shape_is_the_cookbook_speed_shape() -> None:
    d = bench(64).to_json()
    assert d["workload"] == {"dataset": "random", "isl": 8192, "osl": 1024, "max_concurrency": 64}
    assert {"ttft_ms", "tpot_ms", "tokens_per_sec_per_gpu", "output_throughput"} <= set(d)
    assert BenchmarkResult.from_json(json.loads(json.dumps(d))) == bench(64)


def test_store_path_honours_safelaunch_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SAFELAUNCH_HOME", str(tmp_path / "svc"))
    assert store_path() == tmp_path / "svc" / "safelaunch.db"
    monkeypatch.delenv("SAFELAUNCH_HOME")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert store_path() == tmp_path / "state" / "safelaunch" / "safelaunch.db"
    with Store.open() as s:
        assert s.path.exists()
    with sqlite3.connect(store_path()) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


# --------------------------------------------------------------------------- redaction


def _all_bytes(db_path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in db_path.parent.glob(db_path.name + "*"))


def _all_text(target: str) -> bytes:
    """Every byte the store holds: the SQLite files (WAL included), or every row of every PostgreSQL table."""
    if "://" not in target:
        return _all_bytes(Path(target))
    import psycopg

    out = []
    with psycopg.connect(target) as conn:
        tables = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
        for (table,) in tables:
            out += [repr(r) for r in conn.execute(f"SELECT * FROM {table}").fetchall()]
    return "\n".join(out).encode()


def test_secrets_never_reach_the_file(target: str) -> None:
    store = Store.open(target)
    store.record_attempt(
        attempt(
            flags={"tp": 8, "api-key": SECRET, "extra_args": ["--admin-api-key", SECRET, "--enable-metrics"]},
            env={"HF_TOKEN": HF_SECRET, "SGLANG_X": "1"},
            log_tail=f"server_args=ServerArgs(api_key='{SECRET}', ...)\nlaunch --api-key {SECRET}\ntoken {HF_SECRET}",
            decision=f"retry without {SECRET}",
        ),
        secrets=[SECRET],
    )
    cfg = store.upsert_verified(
        config(
            flags={"tp": 8, "api-key": SECRET},
            env={"HF_TOKEN": HF_SECRET, "SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "256"},
            server_info={"api_key": SECRET, "launch_command": f"python -m sglang.launch_server --api-key {SECRET}"},
        )
    )
    # Live WAL frames count too: check the bytes while the store is still open, then after the checkpoint.
    assert SECRET.encode() not in _all_text(target) and HF_SECRET.encode() not in _all_text(target)
    store.close()
    data = _all_text(target)
    assert SECRET.encode() not in data and HF_SECRET.encode() not in data
    # A verified config is launched again: its secret flags are dropped, never replaced by a placeholder.
    assert "api-key" not in cfg.flags and "HF_TOKEN" not in cfg.env
    assert cfg.env == {"SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "256"}  # TOKENS_PER_RANK is no secret
    with Store.open(target) as again:
        rec = again.attempts()[0]
    assert rec.flags["api-key"] == "***" and rec.env["HF_TOKEN"] == "***"
    assert rec.flags["extra_args"] == ["--admin-api-key", "***", "--enable-metrics"]
    assert "***" in rec.log_tail and rec.decision == "retry without ***"


# --------------------------------------------------------------------------- two processes at once


BENCH_KEY = KEY._replace(strategy="bench-target")


def _writer(path: str, worker: int, count: int, barrier: multiprocessing.synchronize.Barrier) -> None:
    store = Store.open(path)
    barrier.wait()
    for i in range(count):
        store.record_attempt(attempt(run_id=f"w{worker}", attempt_no=i + 1, started_at=time.time()))
        # Everyone fights over one shared key (an upsert race must not raise a UNIQUE error) and owns one key.
        store.upsert_verified(config(flags={"tp": 8, "mem-fraction-static": 0.80 + i / 1000}))
        store.upsert_verified(config(strategy=f"s{worker}", flags={"tp": 8, "w": worker, "i": i}))
        # A read-modify-write of one row by everyone: a lost update would drop someone's result.
        store.add_benchmark(*BENCH_KEY, bench(worker * 1000 + i), verified=False)
    store.close()


def test_concurrent_writers_lose_nothing(target: str) -> None:
    path = target
    workers, count = 4, 25
    with Store.open(path) as store:
        store.upsert_verified(config(strategy=BENCH_KEY.strategy))
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(workers)
    procs = [ctx.Process(target=_writer, args=(path, w, count, barrier)) for w in range(workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=90)
    assert [p.exitcode for p in procs] == [0] * workers
    with Store.open(path) as store:
        recs = store.attempts(limit=10_000)
        assert len(recs) == workers * count
        for w in range(workers):
            assert sorted(r.attempt_no for r in recs if r.run_id == f"w{w}") == list(range(1, count + 1))
        configs = store.verified_configs()
        expected = ["balanced", BENCH_KEY.strategy, *(f"s{w}" for w in range(workers))]
        assert sorted(c.strategy for c in configs) == sorted(expected)
        for w in range(workers):
            own = store.find_verified(*KEY._replace(strategy=f"s{w}"))
            assert own is not None and own.flags["i"] == count - 1
        target = store.find_verified(*BENCH_KEY)
        assert target is not None
        assert sorted(b.max_concurrency for b in target.benchmarks) == sorted(
            w * 1000 + i for w in range(workers) for i in range(count)
        )


def _first_opener(path: str, worker: int, barrier: multiprocessing.synchronize.Barrier) -> None:
    barrier.wait()
    with Store.open(path) as store:  # every process creates and migrates the same new file at once
        store.record_attempt(attempt(run_id=f"opener{worker}"))


def test_concurrent_first_open_migrates_once(target: str) -> None:
    path = target.replace("safelaunch.db", "new/safelaunch.db")
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(4)
    procs = [ctx.Process(target=_first_opener, args=(path, w, barrier)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=60)
    assert [p.exitcode for p in procs] == [0] * 4
    with Store.open(path) as store:
        assert sorted(r.run_id for r in store.attempts()) == [f"opener{w}" for w in range(4)]


# --------------------------------------------------------------------------- corrupt and unwritable stores


def test_garbage_file_is_a_clear_error_and_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "safelaunch.db"
    garbage = b"this is not sqlite\x00\xff" * 100
    path.write_bytes(garbage)
    with pytest.raises(StoreError, match="not a SQLite database") as err:
        Store.open(path)
    assert "\n" not in str(err.value)
    assert path.read_bytes() == garbage
    assert sorted(p.name for p in tmp_path.iterdir()) == ["safelaunch.db"]  # no -wal/-shm created beside it


def test_damaged_database_is_a_clear_error_and_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "safelaunch.db"
    with Store.open(path) as store:
        for i in range(200):
            store.record_attempt(attempt(attempt_no=i, log_tail="x" * 2000))
    data = bytearray(path.read_bytes())
    page = 4096
    for off in range(2 * page, len(data) - page, 3 * page):  # valid header, smashed b-tree pages
        data[off : off + 512] = b"\xa5" * 512
    path.write_bytes(bytes(data))
    before = path.read_bytes()
    with pytest.raises(StoreError, match="corrupt"), Store.open(path) as store:
        store.attempts(limit=1000)
    assert path.read_bytes() == before


def test_unwritable_location_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot create the store directory"):
        Store.open(blocker / "sub" / "safelaunch.db")
    path = tmp_path / "safelaunch.db"
    Store.open(path).close()
    with Store.open(path, readonly=True) as ro, pytest.raises(StoreError, match="read-only"):
        ro.record_attempt(attempt())


def test_store_from_a_newer_safelaunch_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "safelaunch.db"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer"):
        Store.open(path)


# --------------------------------------------------------------------------- CLI


def test_history_cli_json_and_table(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with Store.open(home / "safelaunch.db") as store:
        store.record_attempt(attempt())
        store.record_attempt(attempt(model="Qwen/Qwen3-8B", run_id="run-9"))
        store.upsert_verified(config())
    out = run_cli("history", "--json", "--model", KEY.model, SAFELAUNCH_HOME=str(home))
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    assert [a["model"] for a in doc["attempts"]] == [KEY.model]
    assert doc["verified"][0]["flags"]["mem-fraction-static"] == 0.86
    assert doc["verified"][0]["failures"][0]["label"] == "oom_cuda_graph"
    table = run_cli("history", "--limit", "5", SAFELAUNCH_HOME=str(home))
    assert table.returncode == 0 and "oom_cuda_graph" in table.stdout and "Qwen/Qwen3-8B" in table.stdout
    empty = run_cli("history", "--json", SAFELAUNCH_HOME=str(tmp_path / "nothing"))
    assert json.loads(empty.stdout) == {"attempts": [], "verified": []}
    assert not (tmp_path / "nothing").exists()  # reading history never creates a store


def test_model_ids_are_keys_without_letter_case(tmp_path: Path) -> None:
    """history --model qwen/qwen3-8b finds Qwen/Qwen3-8B; a re-verified config in other letters is the same row."""
    home = tmp_path / "home"
    with Store.open(home / "safelaunch.db") as store:
        store.record_attempt(attempt(model="Qwen/Qwen3-8B", run_id="run-9"))
        store.upsert_verified(config())
        store.upsert_verified(config(model=KEY.model.upper()))
        assert len(store.verified_configs()) == 1
        assert store.find_verified(*KEY._replace(model=KEY.model.lower())) is not None
    out = run_cli("history", "--json", "--model", "qwen/qwen3-8b", SAFELAUNCH_HOME=str(home))
    assert [a["model"] for a in json.loads(out.stdout)["attempts"]] == ["Qwen/Qwen3-8B"]
    out = run_cli("history", "--json", "--model", KEY.model.lower(), SAFELAUNCH_HOME=str(home))
    assert len(json.loads(out.stdout)["verified"]) == 1


def test_history_cli_on_a_corrupt_store_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "safelaunch.db").write_bytes(b"garbage" * 50)
    out = run_cli("history", SAFELAUNCH_HOME=str(tmp_path))
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert out.stderr.startswith("safelaunch: error: the store") and "left untouched" in out.stderr
    assert (tmp_path / "safelaunch.db").read_bytes() == b"garbage" * 50

"""A fleet learns once: one store shared by hosts, fleet replay and demotion, the spool, and PostgreSQL's faults.

The store-level tests run on both backends (SQLite shared by "hosts" works the same way); the fault tests and the
five-host test need a real PostgreSQL (tests/pg.py starts one; without it they skip, saying why).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from safelaunch.store import SCHEMA_VERSION, Store, StoreConfigError, StoreUnreachable, rows
from safelaunch.store.spool import SpoolFile
from tests import pg
from tests.conftest import ROOT, run_cli, subprocess_env
from tests.test_store import KEY, attempt, bench, config

H200, DRIVER = "NVIDIA H200", "570.133.20"
MODEL = "deepseek-ai/DeepSeek-V4-Flash"


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "fleet.db")
    return request.getfixturevalue("pg_url")


def until(predicate, timeout: float = 60.0, what: str = "condition"):
    """Poll state (not time): the value once `predicate()` is truthy, or fail naming what never happened."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


# --------------------------------------------------------------------------- replay and demotion


def test_a_config_verified_on_one_host_goes_first_on_hosts_of_the_same_fingerprint(target: str) -> None:
    with Store.open(target, host="a") as a:
        a.upsert_verified(config())
    with Store.open(target, host="b") as b:
        found = b.find_verified(*KEY, device_name=H200, driver_version="570.86.15")  # same driver major
        assert found is not None and found.host == "a" and found.flags == config().flags
        # Not the same fingerprint: another exact device, another driver major, another GPU count.
        assert b.find_verified(*KEY, device_name="NVIDIA H200 NVL", driver_version=DRIVER) is None
        assert b.find_verified(*KEY, device_name=H200, driver_version="580.65.06") is None
        assert b.find_verified(*KEY._replace(gpu_count=4), device_name=H200, driver_version=DRIVER) is None
        # nor another engine: a rehearsal on the simulator is never a real host's starting point
        assert b.find_verified(*KEY._replace(engine="sim"), device_name=H200, driver_version=DRIVER) is None
        assert b.find_verified(*KEY) is None  # without the device, only this host's own knowledge
        # Its own record goes before the fleet's once it has one.
        b.upsert_verified(config(flags={"tp": 8, "mem-fraction-static": 0.84}))
        own = b.find_verified(*KEY, device_name=H200, driver_version=DRIVER)
        assert own.host == "b" and own.flags["mem-fraction-static"] == 0.84
        assert {c.host for c in b.verified_configs()} == {"a", "b"}
        assert [c.host for c in b.verified_configs(host="a")] == ["a"]


def test_a_failure_is_held_against_its_host_until_n_hosts_fail_then_the_config_is_demoted(target: str) -> None:
    with Store.open(target, host="a") as a:
        a.upsert_verified(config())
    stores = {h: Store.open(target, host=h) for h in "bcdef"}
    try:
        # f runs the same flags too: two hosts vouch for them
        stores["f"].upsert_verified(config(attempts_needed=1, failures=()))
        for n, h in enumerate("bcd", start=1):
            s = stores[h]
            s.demote_after_hosts = 3
            started = s.find_verified(*KEY, device_name=H200, driver_version=DRIVER)
            assert started is not None and started.flags == config().flags, h
            s.record_failure(started, "oom_cuda_graph", {"tried_bytes": 2**30 * n}, DRIVER)
            # held against this host only: it is not offered here again, but stays verified for the others
            assert s.find_verified(*KEY, device_name=H200, driver_version=DRIVER) is None
            if n < 3:
                assert stores["e"].find_verified(*KEY, device_name=H200, driver_version=DRIVER) is not None
        # Three hosts failed with it: demoted on every host, with the failures as the evidence.
        assert stores["e"].find_verified(*KEY, device_name=H200, driver_version=DRIVER) is None
        with Store.open(target, host="a") as a:
            assert a.find_verified(*KEY) is None  # its own row too
            rows = a.verified_configs()
        assert {c.host for c in rows} == {"a", "f"} and all(c.demoted for c in rows)
        evidence = rows[0].demoted
        assert [f.host for f in evidence] == ["b", "c", "d"] and evidence[0].label == "oom_cuda_graph"
        assert evidence[2].numbers == {"tried_bytes": 3 * 2**30} and evidence[0].from_host in ("a", "f")
        assert rows[0].to_json()["demoted"][0]["host"] == "b"
        # b found its own config after the failure: that one is what the fleet offers now.
        stores["b"].upsert_verified(config(flags={"tp": 8, "mem-fraction-static": 0.8}))
        now = stores["e"].find_verified(*KEY, device_name=H200, driver_version=DRIVER)
        assert now.host == "b" and now.flags["mem-fraction-static"] == 0.8
    finally:
        for s in stores.values():
            s.close()


def test_the_fleet_prefers_the_flags_most_hosts_run(target: str) -> None:
    with Store.open(target, host="a") as a:
        a.upsert_verified(config(flags={"tp": 8, "mem-fraction-static": 0.85}, verified_at=1_750_000_500.0))
    for h in ("b", "c"):
        with Store.open(target, host=h) as s:
            s.upsert_verified(config(flags={"mem-fraction-static": 0.83, "tp": 8}))  # same flags, other order
    with Store.open(target, host="z") as z:
        found = z.find_verified(*KEY, device_name=H200, driver_version=DRIVER)
    assert found.flags == {"tp": 8, "mem-fraction-static": 0.83} and found.host in ("b", "c")


# --------------------------------------------------------------------------- PostgreSQL: faults and the spool


def test_database_away_while_recording_spools_one_warning_and_replays_exactly_once(pg_url: str, pg_cluster) -> None:
    said: list[tuple[str, str]] = []
    store = Store.open(pg_url, host="a", notify=lambda event, text: said.append((event, text)))
    try:
        assert store.record_attempt(attempt(run_id="before")) > 0
        pg_cluster.stop()
        try:
            for i in range(3):
                assert store.record_attempt(attempt(run_id="during", attempt_no=i + 1)) == 0
            stored = store.upsert_verified(config())
            assert stored.flags == config().flags and stored.id is None
            assert [e for e, _ in said] == ["warning"], said  # one line, however many writes wait
            assert "unreachable" in said[0][1] or "cannot" in said[0][1]
            assert "spool.db" in said[0][1] and pg.PASSWORD not in said[0][1]
            assert len(store._spooler.file.pending()) == 4
        finally:
            pg_cluster.start()
        until(lambda: not store._spooler.file.pending(), what="the spool to drain")
        assert said[-1][0] == "info" and "answers again" in said[-1][1]
    finally:
        store.close()
    with Store.open(pg_url, readonly=True) as reader:
        runs = sorted(r.run_id for r in reader.attempts(limit=100))
        assert runs == ["before", "during", "during", "during"]
        assert reader.find_verified(*KEY) is None and reader.verified_configs()[0].host == "a"
    # A crash after the database committed but before the spool forgot: the replay is applied once only.
    spool = SpoolFile(Path(os.environ["SAFELAUNCH_HOME"]) / "spool.db")
    op_row = rows.attempt_row(attempt(run_id="once"), host="a")
    spool.append("op-1", "attempt", op_row)
    with Store.open(pg_url, host="a") as again:  # drains at open
        assert [r.run_id for r in again.attempts(run_id="once")] == ["once"]
    spool.append("op-1", "attempt", op_row)  # the same operation again, as if the spool had not forgotten it
    with Store.open(pg_url, host="a") as again:
        assert [r.run_id for r in again.attempts(run_id="once")] == ["once"]
        assert not spool.pending()


def test_database_down_at_start_is_no_error_for_a_writer(pg_url: str, pg_cluster) -> None:
    said: list[tuple[str, str]] = []
    pg_cluster.stop()
    try:
        store = Store.open(pg_url, host="a", notify=lambda event, text: said.append((event, text)))
        assert store.record_attempt(attempt()) == 0
        with pytest.raises(StoreUnreachable, match="unreachable"):
            store.attempts()  # reads fail fast while it is away: serve starts cold
        assert [e for e, _ in said] == ["warning"]
    finally:
        pg_cluster.start()
    until(lambda: not store._spooler.file.pending(), what="the spool to drain")
    store.close()
    with Store.open(pg_url, readonly=True) as reader:
        assert len(reader.attempts()) == 1


def test_wrong_password_bad_url_and_newer_schema_are_refused_in_one_line(
    pg_url: str, pg_cluster, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with Store.open(pg_url, host="a") as s:
        s.record_attempt(attempt())
    monkeypatch.setenv("PGPASSWORD", "not-the-password")
    with pytest.raises(StoreConfigError, match="password authentication failed") as err:
        Store.open(pg_url)
    assert "not-the-password" not in str(err.value) and "\n" not in str(err.value)
    out = run_cli("history", "--store", pg_url, PGPASSWORD="not-the-password")
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert "password authentication failed" in out.stderr and "not-the-password" not in out.stderr
    # A password on the command line is refused (argv is world-readable); the message never repeats it.
    url_with_pw = pg_url.replace("fleet@", "fleet:s3cret-pw@")
    out = run_cli("history", "--store", url_with_pw)
    assert out.returncode == 2 and "visible to every user" in out.stderr and "s3cret-pw" not in out.stderr
    for bad, why in (
        (pg_url.replace(f":{pg_cluster.port}/", ":notaport/"), "port"),
        ("mysql://u@h/db", "unknown scheme"),
        ("sqlite://relative/x.db", "three slashes"),
    ):
        out = run_cli("history", "--store", bad)
        assert out.returncode == 2 and why in out.stderr and out.stderr.count("\n") == 1, (bad, out.stderr)
    # The password from a file only its owner can read; a file others can read is refused.
    monkeypatch.delenv("PGPASSWORD")
    pwfile = tmp_path / "pw"
    pwfile.write_text(pg.PASSWORD + "\n")
    pwfile.chmod(0o644)
    monkeypatch.setenv("SAFELAUNCH_STORE_PASSWORD_FILE", str(pwfile))
    with pytest.raises(StoreConfigError, match="chmod 600"):
        Store.open(pg_url)
    pwfile.chmod(0o600)
    with Store.open(pg_url, readonly=True) as s:
        assert len(s.attempts()) == 1
    # A schema newer than this code: refused, not migrated down, not written.
    pg_cluster.admin(f"UPDATE safelaunch_schema SET version = {SCHEMA_VERSION + 1}", db=pg_url.rsplit("/", 1)[1])
    with pytest.raises(StoreConfigError, match="newer than this safelaunch"):
        Store.open(pg_url)
    monkeypatch.setenv("PGPASSWORD", pg.PASSWORD)
    out = run_cli(
        "serve", "--engine", "sim", "--exit-when-healthy", MODEL, "--host-profile", "8xh200", "--store", pg_url,
        SAFELAUNCH_HOME=str(tmp_path / "h"), SAFELAUNCH_SIM_SPEED="40",
    )  # fmt: skip
    assert out.returncode == 2 and "newer than this safelaunch" in out.stderr.splitlines()[-1]


def test_history_and_export_read_the_fleet_and_filter_one_host(pg_url: str, tmp_path: Path) -> None:
    for h in ("gpu-01", "gpu-02"):
        with Store.open(pg_url, host=h) as s:
            s.record_attempt(attempt(run_id=f"run-{h}"))
            s.upsert_verified(config())
            s.add_benchmark(*KEY, [bench(64)])
    env = {"SAFELAUNCH_STORE_URL": pg_url, "PGPASSWORD": pg.PASSWORD, "SAFELAUNCH_HOME": str(tmp_path / "h")}
    every = json.loads(run_cli("history", "--json", **env).stdout)
    assert sorted(a["host"] for a in every["attempts"]) == ["gpu-01", "gpu-02"]
    assert sorted(c["host"] for c in every["verified"]) == ["gpu-01", "gpu-02"]
    one = json.loads(run_cli("history", "--json", "--host", "gpu-02", **env).stdout)
    assert [a["run_id"] for a in one["attempts"]] == ["run-gpu-02"] and len(one["verified"]) == 1
    table = run_cli("history", "--host", "gpu-01", **env)
    assert table.returncode == 0 and "gpu-01" in table.stdout and "gpu-02" not in table.stdout
    exported = run_cli("export", "--format", "yaml", "--host", "gpu-01", **env)
    assert exported.returncode == 0, exported.stderr
    assert "mem-fraction-static" in exported.stdout
    assert run_cli("export", "--host", "gpu-03", **env).returncode != 0


# --------------------------------------------------------------------------- five hosts, one PostgreSQL


def _host_env(tmp_path: Path, name: str, url: str) -> dict[str, str]:
    return subprocess_env(
        SAFELAUNCH_HOME=str(tmp_path / name),
        SAFELAUNCH_HOST_NAME=name,
        SAFELAUNCH_STORE_URL=url,
        PGPASSWORD=pg.PASSWORD,
        SAFELAUNCH_SIM_SPEED="40",
        SAFELAUNCH_SIM_SEED="3",
    )


def _serve_argv(tmp_path: Path, *extra: str) -> list[str]:
    policies = tmp_path / "policies"  # no model recipe: a generic start
    if not policies.exists():
        policies.mkdir()
        (policies / "defaults.yaml").write_text((ROOT / "policies" / "defaults.yaml").read_text())
    return [
        sys.executable, "-m", "safelaunch", "--log-format", "json", "serve", "--engine", "sim", "--json",
        MODEL, "--host-profile", "8xh200", "--policies", str(policies), *extra,
    ]  # fmt: skip


def _summary(stdout: str) -> dict:
    return json.loads([line for line in stdout.splitlines() if line.startswith('{"healthy"')][-1])


def test_five_hosts_learn_once_and_an_outage_loses_no_attempt(pg_url: str, pg_cluster, tmp_path: Path) -> None:
    ports = {name: pg.free_port() for name in ("h1", "h2", "h3", "h4", "h5")}  # on one machine: one port each

    def start(name: str, *extra: str) -> subprocess.Popen:
        return subprocess.Popen(
            _serve_argv(tmp_path, "--port", str(ports[name]), *extra), env=_host_env(tmp_path, name, pg_url), cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip

    def finish(proc: subprocess.Popen) -> dict:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err[-2000:]
        return _summary(out)

    # In sequence: the first host learns (started too high: a failed attempt, then healthy); the second starts
    # from the fleet.
    first = finish(start("h1", "--exit-when-healthy", "--mem-fraction-static", "0.97"))
    assert first["healthy"] and first["attempts"] >= 2 and not first["from_store"]
    second = finish(start("h2", "--exit-when-healthy"))
    assert second["healthy"] and second["attempts"] == 1 and second["from_store"]
    # the fleet's config, raised by the headroom h1 measured after a full chunk (the candidate, verified by h2)
    fraction = "mem-fraction-static"
    assert {k: v for k, v in second["flags"].items() if k != fraction} == {
        k: v for k, v in first["flags"].items() if k != fraction
    }
    assert first["flags"][fraction] <= second["flags"][fraction] < 0.97

    # PostgreSQL stops: h3 serves anyway (cold: it cannot ask the fleet) and keeps its attempts in its spool;
    # it stays up serving, and once PostgreSQL is back its spool reaches the database.
    pg_cluster.stop()
    try:
        h3 = start("h3")
        line = until(lambda: h3.stdout.readline(), timeout=90, what="h3's summary")
        while not line.startswith('{"healthy"'):
            line = h3.stdout.readline()
            assert line, "h3 ended before it was healthy"
        third = json.loads(line)
        assert third["healthy"] and not third["from_store"]
        assert (tmp_path / "h3" / "spool.db").exists()
    finally:
        pg_cluster.start()

    def h3_recorded() -> list:
        with Store.open(pg_url, readonly=True) as s:
            return len(s.attempts(host="h3", limit=100)) == third["attempts"] and s.verified_configs(host="h3")

    until(h3_recorded, timeout=60, what="h3's spooled attempts in PostgreSQL")
    h3.send_signal(signal.SIGTERM)
    _, err = h3.communicate(timeout=60)
    warnings = [ln for ln in err.splitlines() if "spool.db" in ln and "warning" in ln.lower()]
    assert len(warnings) == 1, err[-3000:]

    # Then concurrently: two more hosts, both healthy at attempt 1 from the fleet.
    procs = [start(name, "--exit-when-healthy") for name in ("h4", "h5")]
    rest = [finish(p) for p in procs]
    assert all(r["healthy"] and r["attempts"] == 1 and r["from_store"] for r in rest), rest

    with Store.open(pg_url, readonly=True) as s:
        every = s.attempts(limit=1000)
        by_host = {h: sum(1 for a in every if a.host == h) for h in ("h1", "h2", "h3", "h4", "h5")}
        assert by_host == {
            "h1": first["attempts"], "h2": 1, "h3": third["attempts"], "h4": 1, "h5": 1,
        }, by_host  # fmt: skip
        assert {c.host for c in s.verified_configs()} == {"h1", "h2", "h3", "h4", "h5"}
    assert not SpoolFile(tmp_path / "h3" / "spool.db").pending()


def test_without_postgresql_its_tests_skip_saying_why(tmp_path: Path) -> None:
    """Never a silent pass: the PostgreSQL half of the suite is reported skipped, with the reason on one line."""
    res = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "tests/test_fleet.py", "-k", "spool"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
        env=subprocess_env(SAFELAUNCH_TEST_PG_BIN=str(tmp_path / "no-postgresql")),
    )  # fmt: skip
    assert res.returncode == 0, res.stdout[-2000:]
    assert "passed" not in res.stdout and "1 skipped" in res.stdout
    assert "SKIPPED [1]" in res.stdout and "PostgreSQL is not installed" in res.stdout

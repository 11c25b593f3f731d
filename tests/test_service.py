"""The systemd unit (verified by systemd-analyze), the env file format, and `safelaunch install-service` end to end."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from safelaunch.service import install as service
from safelaunch.service import unit_files
from safelaunch.service.unit_files import ServiceConfig, env_quote, parse_env, render_env, render_unit
from tests.conftest import ROOT, run_cli

UNIT = ROOT / "systemd" / "safelaunch@.service"
EXAMPLE = ROOT / "systemd" / "safelaunch.env.example"
SYSTEMD_ANALYZE = shutil.which("systemd-analyze")


def directives(text: str) -> dict[str, list[str]]:
    """`Section.Key` -> every value it is given, in order (unit files repeat keys)."""
    out: dict[str, list[str]] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, value = line.split("=", 1)
        out.setdefault(f"{section}.{key.strip()}", []).append(value.strip())
    return out


def fake_safelaunch(directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    exe = directory / "safelaunch"
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    return exe


def verify(unit_dir: Path, instance: str = "test") -> subprocess.CompletedProcess:
    assert SYSTEMD_ANALYZE
    return subprocess.run(
        [SYSTEMD_ANALYZE, "verify", "--man=no", str(unit_dir / f"safelaunch@{instance}.service")],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=unit_dir,
    )


# --------------------------------------------------------------------------- the unit


@pytest.mark.skipif(SYSTEMD_ANALYZE is None, reason="systemd-analyze is not installed (.ci/run installs it)")
@pytest.mark.parametrize("bindir", ["bin", "opt dir/venv/bin"])
def test_unit_verifies_clean(tmp_path: Path, bindir: str) -> None:
    """The shipped unit, with ExecStart pointing at an executable that exists here (as install-service does)."""
    exe = fake_safelaunch(tmp_path / bindir)
    (tmp_path / "safelaunch@.service").write_text(render_unit(UNIT.read_text(), str(exe)))
    proc = verify(tmp_path)
    ours = [line for line in proc.stderr.splitlines() if "safelaunch" in line]
    assert proc.returncode == 0 and not ours, proc.stderr


@pytest.mark.skipif(SYSTEMD_ANALYZE is None, reason="systemd-analyze is not installed (.ci/run installs it)")
def test_verify_catches_a_broken_unit(tmp_path: Path) -> None:
    """The check above can fail: a misspelt directive and a missing binary are both reported."""
    exe = fake_safelaunch(tmp_path / "bin")
    text = render_unit(UNIT.read_text(), str(exe)).replace("KillMode=mixed", "KillMode=mixd")
    (tmp_path / "safelaunch@.service").write_text(text)
    assert "kill mode" in verify(tmp_path).stderr
    (tmp_path / "safelaunch@.service").write_text(render_unit(UNIT.read_text(), str(tmp_path / "nope" / "safelaunch")))
    proc = verify(tmp_path)
    assert proc.returncode != 0 and "is not executable" in proc.stderr


@pytest.mark.skipif(SYSTEMD_ANALYZE is None, reason="systemd-analyze is not installed (.ci/run installs it)")
def test_the_shipped_unit_verifies_as_it_is(tmp_path: Path) -> None:
    """No rewriting needed: ExecStart=/usr/bin/env safelaunch exists on every host systemd runs on."""
    shutil.copy(UNIT, tmp_path / "safelaunch@.service")
    proc = verify(tmp_path)
    ours = [line for line in proc.stderr.splitlines() if "safelaunch" in line]
    assert proc.returncode == 0 and not ours, proc.stderr


@pytest.mark.skipif(SYSTEMD_ANALYZE is None, reason="systemd-analyze is not installed (.ci/run installs it)")
def test_the_unit_is_hardened(tmp_path: Path) -> None:
    """systemd-analyze's exposure score (0 best, 10 worst): 6.9 before the hardening; 2.2 with systemd 252."""
    shutil.copy(UNIT, tmp_path / "safelaunch@.service")
    proc = subprocess.run(
        [SYSTEMD_ANALYZE, "security", "--offline=yes", str(tmp_path / "safelaunch@.service")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if "offline" in proc.stderr and "unrecognized" in proc.stderr:
        pytest.skip("this systemd-analyze has no --offline")
    score = float(proc.stdout.rsplit("Overall exposure level for", 1)[1].split(":")[1].split()[0])
    assert score <= 3.0, proc.stdout[-3000:]


def _seconds(value: str) -> float:
    units = {"s": 1, "min": 60, "h": 3600}
    for suffix, factor in sorted(units.items(), key=lambda kv: -len(kv[0])):
        if value.endswith(suffix):
            return float(value[: -len(suffix)]) * factor
    return float(value)


def test_unit_timeouts_cover_what_the_supervisor_waits_for() -> None:
    """WatchdogSec outlasts the longest stretch without a fed watchdog (liveness given up, tree stopped, GPU
    release wait, backoff); TimeoutStopSec outlasts a stop (grace, SIGKILL wait, GPU release wait)."""
    from safelaunch.host import engine
    from safelaunch.supervise import daemon, supervisor
    from safelaunch.supervise.results import ServeOptions

    one = {k: v[-1] for k, v in directives(UNIT.read_text()).items()}
    release = ServeOptions(model="m").release_timeout_s
    unfed = (
        daemon.UNHEALTHY_AFTER * (daemon.HEALTH_INTERVAL_S + daemon.LIVENESS_DEADLINE_S)
        + daemon.RESTART_GRACE_S
        + engine.KILL_WAIT_S
        + release
        + daemon.BACKOFF_S * 2 ** (daemon.MAX_RESTARTS - 1)
    )
    assert _seconds(one["Service.WatchdogSec"]) > unfed
    assert _seconds(one["Service.TimeoutStopSec"]) > supervisor.STOP_GRACE_S + engine.KILL_WAIT_S + release
    assert one["Service.LimitMEMLOCK"] == "infinity"
    assert set(one["Service.SuccessExitStatus"].split()) == {"130", "143"}
    assert one["Service.CapabilityBoundingSet"] == ""
    assert one["Service.RestrictAddressFamilies"].split() == ["AF_UNIX", "AF_INET", "AF_INET6", "AF_NETLINK"]


def test_unit_contract() -> None:
    d = directives(UNIT.read_text())
    one = {k: v[-1] for k, v in d.items()}
    assert one["Service.Type"] == "notify"
    assert one["Service.NotifyAccess"] == "main"
    assert one["Service.TimeoutStartSec"] not in ("infinity", "0")
    assert one["Service.WatchdogSec"].endswith("s")
    assert one["Service.Restart"] == "on-failure"
    assert "Service.RestartSec" in one
    assert {"Unit.StartLimitIntervalSec", "Unit.StartLimitBurst"} <= one.keys()
    assert one["Service.KillMode"] == "mixed"
    assert "Service.TimeoutStopSec" in one
    assert one["Service.StateDirectory"] == "safelaunch"
    assert one["Service.User"] == one["Service.Group"] == service.SERVICE_USER
    assert "DynamicUser" not in UNIT.read_text()
    assert one["Service.EnvironmentFile"] == "/etc/safelaunch/%i.env"
    assert one["Service.ExecStart"] == f"{unit_files.DEFAULT_EXEC} serve --daemon ${{SAFELAUNCH_MODEL}}"
    env = dict(e.split("=", 1) for e in d["Service.Environment"])
    assert env["SAFELAUNCH_HOME"] == service.STATE_DIR
    assert env["SAFELAUNCH_ENV_FILE"] == "/etc/safelaunch/%i.env"
    assert env["HF_HOME"].startswith("/var/cache/safelaunch/")
    # hardening that keeps the GPUs
    assert one["Service.NoNewPrivileges"] == "yes"
    assert one["Service.ProtectSystem"] == "strict"
    assert one["Service.PrivateTmp"] == "yes"
    assert one["Service.ProtectHome"] in ("yes", "read-only", "tmpfs")
    rw = " ".join(d["Service.ReadWritePaths"]).split()
    assert "-/var/lib/safelaunch" in rw and "-/var/cache/safelaunch" in rw
    assert one["Service.DevicePolicy"] in ("closed", "strict")
    assert "char-nvidia* rw" in d["Service.DeviceAllow"]
    for forbidden in ("PrivateDevices", "MemoryDenyWriteExecute", "RemoveIPC"):
        assert f"Service.{forbidden}" not in one
    assert one["Install.WantedBy"] == "multi-user.target"


def test_example_env_file_names_every_variable_serve_reads() -> None:
    text = EXAMPLE.read_text()
    parsed = parse_env(text)
    for name in unit_files.ENV_VARS:
        assert name in parsed, name
    assert shlex.split(parsed["SAFELAUNCH_EXTRA_ARGS"]) == ["--context-length", "32768"]
    assert parsed["SAFELAUNCH_QUANT"] == ""


def test_render_unit_only_moves_execstart() -> None:
    template = UNIT.read_text()
    out = render_unit(template, "/opt/safe launch/bin/safelaunch")
    assert directives(out)["Service.ExecStart"] == [
        '"/opt/safe launch/bin/safelaunch" serve --daemon ${SAFELAUNCH_MODEL}'
    ]
    assert len(out.splitlines()) == len(template.splitlines())
    diff = [(a, b) for a, b in zip(template.splitlines(), out.splitlines(), strict=True) if a != b]
    assert len(diff) == 1
    assert render_unit(template, None) == template
    assert "100%%" in render_unit(template, "/opt/100%/safelaunch")


def test_installed_executable_prefers_the_running_script(tmp_path: Path) -> None:
    exe = fake_safelaunch(tmp_path / "venv" / "bin")
    assert service.installed_executable(argv0=str(exe), python="/nonexistent/python") == str(exe)
    assert service.installed_executable(argv0="/x/__main__.py", python=str(tmp_path / "venv/bin/python")) == str(exe)


# --------------------------------------------------------------------------- the env file

NASTY = [
    "plain",
    "Qwen/Qwen3-8B",
    "with space",
    "it's",
    'say "hi"',
    "$HOME",
    "`id`",
    "back\\slash",
    "tab\there",
    "--api-key 'a b' --x=\"y\" $z",
    "",
    "#notacomment",
    "a=b;c",
    "ünïcode",
    " leading and trailing ",
    "'",
    '"',
    "\\$x",
]


def test_env_values_read_back_identically_by_a_shell_and_by_the_systemd_rules(tmp_path: Path) -> None:
    text = "".join(f"V{i}={env_quote(v)}\n" for i, v in enumerate(NASTY))
    f = tmp_path / "x.env"
    f.write_text(text)
    script = 'set -a; . "$1"; exec "$2" -c "import json,os; print(json.dumps(dict(os.environ)))"'
    proc = subprocess.run(
        ["bash", "-c", script, "_", str(f), sys.executable], capture_output=True, text=True, env={}, check=True
    )
    shell = json.loads(proc.stdout)
    ours = parse_env(text)
    for i, v in enumerate(NASTY):
        assert shell[f"V{i}"] == v, (i, v, text.splitlines()[i])
        assert ours[f"V{i}"] == v, (i, v, text.splitlines()[i])


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("A=x  ", "x"),  # trailing blanks of an unquoted value dropped
        ("A=  x y", "x y"),
        ("A=a'b'", "a'b'"),  # quotes are literal inside an unquoted value
        ("A='x' \"y\"", "xy"),
        ('A="a\\qb"', "a\\qb"),  # a backslash before an ordinary character stays
        ('A="a\\$b"', "a$b"),
        ("A=a\\ ", "a "),
        ("A=one\\\ntwo", "onetwo"),
        ('A="one\ntwo"', "one\ntwo"),
        ("  A  =v", "v"),
        ("A=", ""),
    ],
)
def test_parse_env_follows_systemd(line: str, value: str) -> None:
    assert parse_env(f"# c\n; c\n{line}\nB=after\n") == {"A": value, "B": "after"}


def test_render_env_roundtrip_and_redaction() -> None:
    extra = ("--api-key", "sk-12345 x", "--context-length", "8192", "--served-model-name=my model")
    cfg = ServiceConfig("q", "Qwen/Qwen3-8B", "low-latency", "fp8", "0.0.0.0", 30001, "/opt/sg/bin/python", 9464, extra)
    env = parse_env(render_env(cfg))
    assert env == {
        "SAFELAUNCH_MODEL": "Qwen/Qwen3-8B",
        "SAFELAUNCH_STRATEGY": "low-latency",
        "SAFELAUNCH_QUANT": "fp8",
        "SAFELAUNCH_HOST": "0.0.0.0",
        "SAFELAUNCH_PORT": "30001",
        "SAFELAUNCH_SGLANG_PYTHON": "/opt/sg/bin/python",
        "SAFELAUNCH_METRICS_PORT": "9464",
        "SAFELAUNCH_EXTRA_ARGS": shlex.join(extra),
    }
    assert tuple(shlex.split(env["SAFELAUNCH_EXTRA_ARGS"])) == extra
    assert set(env) <= set(unit_files.ENV_VARS)
    shown = render_env(cfg, redacted=True)
    assert "sk-12345" not in shown and "***" in shown
    assert cfg.has_secret and not ServiceConfig("q", "m", extra_args=("--tp", "2")).has_secret


def test_env_file_mode() -> None:
    assert unit_files.env_file_mode(has_secret=False, group_exists=False) == 0o644
    assert unit_files.env_file_mode(has_secret=True, group_exists=False) == 0o600
    assert unit_files.env_file_mode(has_secret=True, group_exists=True) == 0o640


# --------------------------------------------------------------------------- install-service, end to end


def fake_tools(tmp_path: Path, systemctl_fails: bool = False) -> tuple[str, Path]:
    """`systemctl` and `useradd` stand-ins on PATH that record their argv (the host boundary)."""
    bindir = tmp_path / "fakebin"
    bindir.mkdir()
    log = tmp_path / "calls.jsonl"
    for name in ("systemctl", "useradd"):
        fail = systemctl_fails and name == "systemctl"
        (bindir / name).write_text(
            f"#!{sys.executable}\n"
            "import json, os, sys\n"
            f"open({str(log)!r}, 'a').write(json.dumps([os.path.basename(sys.argv[0])] + sys.argv[1:]) + '\\n')\n"
            + (
                "sys.stderr.write('System has not been booted with systemd as init system (PID 1).\\n'); sys.exit(1)\n"
                if fail
                else ""
            )
        )
        (bindir / name).chmod(0o755)
    return f"{bindir}{os.pathsep}{os.environ['PATH']}", log


def calls(log: Path) -> list[list[str]]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_install_service_writes_env_and_unit_and_prints_the_commands(tmp_path: Path) -> None:
    env_dir, unit_dir = tmp_path / "etc/safelaunch", tmp_path / "etc/systemd/system"
    r = run_cli(
        "install-service", "qwen3", "--model", "Qwen/Qwen3-8B", "--strategy", "high-throughput", "--port", "30001",
        "--python", "venv/bin/python", "--env-dir", str(env_dir), "--unit-dir", str(unit_dir),
        "--", "--context-length", "32768", "--served-model-name", "my model",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    env_file = env_dir / "qwen3.env"
    env = parse_env(env_file.read_text())
    assert env["SAFELAUNCH_MODEL"] == "Qwen/Qwen3-8B"
    assert env["SAFELAUNCH_STRATEGY"] == "high-throughput"
    assert env["SAFELAUNCH_PORT"] == "30001"
    assert env["SAFELAUNCH_SGLANG_PYTHON"] == str(ROOT / "venv/bin/python")  # made absolute
    assert shlex.split(env["SAFELAUNCH_EXTRA_ARGS"]) == ["--context-length", "32768", "--served-model-name", "my model"]
    assert stat.S_IMODE(env_file.stat().st_mode) == 0o644
    unit = (unit_dir / "safelaunch@.service").read_text()
    exec_start = directives(unit)["Service.ExecStart"][0]
    assert exec_start.endswith(" serve --daemon ${SAFELAUNCH_MODEL}")
    assert os.access(shlex.split(exec_start)[0], os.X_OK) or exec_start.startswith(unit_files.DEFAULT_EXEC)
    lines = r.stdout.splitlines()
    assert f"wrote {env_file} (mode 0644)" in lines
    assert f"wrote {unit_dir / 'safelaunch@.service'}" in lines
    assert any(line.endswith("systemctl daemon-reload") for line in lines)
    assert any(line.endswith("systemctl enable --now --no-block safelaunch@qwen3.service") for line in lines)

    # again, unchanged: nothing rewritten; with a new model: the env is replaced and a running instance restarted
    r = run_cli("install-service", "qwen3", "--model", "Qwen/Qwen3-8B", "--strategy", "high-throughput", "--port",
                "30001", "--python", "venv/bin/python", "--env-dir", str(env_dir), "--unit-dir", str(unit_dir),
                "--", "--context-length", "32768", "--served-model-name", "my model")  # fmt: skip
    assert f"unchanged: {env_file} (mode 0644)" in r.stdout.splitlines()
    assert "try-restart" not in r.stdout
    r = run_cli("install-service", "qwen3", "--model", "Qwen/Qwen3-32B", "--env-dir", str(env_dir), "--unit-dir",
                str(unit_dir))  # fmt: skip
    assert f"replaced {env_file} (mode 0644)" in r.stdout.splitlines()
    assert "systemctl try-restart --no-block safelaunch@qwen3.service" in r.stdout
    assert parse_env(env_file.read_text())["SAFELAUNCH_MODEL"] == "Qwen/Qwen3-32B"


def test_a_secret_lands_in_a_0600_file_and_nowhere_else(tmp_path: Path) -> None:
    env_dir, unit_dir = tmp_path / "env", tmp_path / "units"
    r = run_cli("install-service", "ds", "--model", "deepseek-ai/DeepSeek-V3", "--env-dir", str(env_dir),
                "--unit-dir", str(unit_dir), "--", "--api-key", "sk-live-abcdef123456", "--tp", "8")  # fmt: skip
    assert r.returncode == 0, r.stderr
    env = env_dir / "ds.env"
    key = env_dir / "ds.api-key"
    # The key lives in its own 0600 file; the env file (read by systemd into the supervisor's environment, shown by
    # `systemctl show`) only names it, and SGLANG's other flags stay where they were.
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and key.read_text() == "sk-live-abcdef123456\n"
    values = unit_files.parse_env(env.read_text())
    assert "sk-live-abcdef123456" not in env.read_text()
    assert values["SAFELAUNCH_API_KEY_FILE"] == str(key) and values["SAFELAUNCH_EXTRA_ARGS"] == "--tp 8"
    assert "sk-live-abcdef123456" not in r.stdout + r.stderr
    assert f"{key} (mode 0600, holds a secret)" in r.stdout
    assert not [p for p in env_dir.iterdir() if p.name.startswith(".")]  # no temp file left behind


def test_without_write_access_it_shows_what_it_would_write_and_exits_0(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")  # a directory can never be created under a file, root or not
    env_dir, unit_dir = blocker / "safelaunch", blocker / "system"
    r = run_cli("install-service", "ds", "--model", "deepseek-ai/DeepSeek-V3", "--port", "30002", "--env-dir",
                str(env_dir), "--unit-dir", str(unit_dir), "--", "--api-key=sk-live-abcdef123456")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "nothing was written" in r.stdout
    assert f"{env_dir / 'ds.env'} (mode 0644):" in r.stdout  # names the key's file, holds no secret
    assert "    SAFELAUNCH_PORT=30002" in r.stdout
    assert f"    SAFELAUNCH_API_KEY_FILE={env_dir / 'ds.api-key'}" in r.stdout
    assert f"{env_dir / 'ds.api-key'} (mode 0600):\n    ***\n" in r.stdout
    assert "sk-live-abcdef123456" not in r.stdout + r.stderr
    assert f"{unit_dir / 'safelaunch@.service'} (mode 0644):" in r.stdout
    assert "    Type=notify" in r.stdout
    assert "systemctl enable --now --no-block safelaunch@ds.service" in r.stdout
    assert not env_dir.exists()


def test_enable_without_write_access_is_one_clear_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = run_cli("install-service", "ds", "--model", "m", "--env-dir", str(blocker / "e"), "--unit-dir",
                str(blocker / "u"), "--enable")  # fmt: skip
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.startswith("safelaunch: error: cannot write into") and r.stderr.count("\n") == 1
    assert "root" in r.stderr


def test_enable_runs_the_commands_as_argv_lists_in_order(tmp_path: Path) -> None:
    path, log = fake_tools(tmp_path)
    env_dir, unit_dir = tmp_path / "env", tmp_path / "units"
    r = run_cli("install-service", "my-model", "--model", "/models/My Model", "--env-dir", str(env_dir),
                "--unit-dir", str(unit_dir), "--enable", PATH=path)  # fmt: skip
    assert r.returncode == 0, r.stderr
    expected = [
        ["systemctl", "daemon-reload"],
        ["systemctl", "enable", "--now", "--no-block", "safelaunch@my-model.service"],
    ]
    got = calls(log)
    user_exists = service._user_exists(service.SERVICE_USER)
    assert got == ([] if user_exists else [list(service.USERADD)]) + expected
    assert "journalctl -u safelaunch@my-model.service -f" in r.stdout
    assert parse_env((env_dir / "my-model.env").read_text())["SAFELAUNCH_MODEL"] == "/models/My Model"


@pytest.mark.skipif(SYSTEMD_ANALYZE is None, reason="systemd-analyze is not installed (.ci/run installs it)")
def test_the_unit_install_service_writes_verifies(tmp_path: Path) -> None:
    """ExecStart points at an installed `safelaunch` (here a stand-in on PATH, in CI the venv's script)."""
    path, _log = fake_tools(tmp_path)
    fake_safelaunch(Path(path.split(os.pathsep)[0]))
    unit_dir = tmp_path / "units"
    r = run_cli("install-service", "q", "--model", "m", "--env-dir", str(tmp_path / "e"), "--unit-dir", str(unit_dir),
                PATH=path)  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "the unit reads /etc/safelaunch/%i.env" in r.stdout
    proc = verify(unit_dir, "q")
    assert proc.returncode == 0 and "safelaunch" not in proc.stderr, proc.stderr


def test_enable_reports_a_failing_systemctl_in_one_line(tmp_path: Path) -> None:
    path, _log = fake_tools(tmp_path, systemctl_fails=True)
    r = run_cli("install-service", "m", "--model", "m", "--env-dir", str(tmp_path / "e"), "--unit-dir",
                str(tmp_path / "u"), "--enable", PATH=path)  # fmt: skip
    assert r.returncode == 2
    assert r.stderr == (
        "safelaunch: error: `systemctl daemon-reload` failed (exit 1): "
        "System has not been booted with systemd as init system (PID 1).\n"
    )


def test_an_existing_different_unit_is_left_alone(tmp_path: Path) -> None:
    unit_dir = tmp_path / "units"
    unit_dir.mkdir()
    (unit_dir / "safelaunch@.service").write_text("[Service]\nExecStart=/bin/true\n# local\n")
    r = run_cli("install-service", "m", "--model", "m", "--env-dir", str(tmp_path / "e"), "--unit-dir", str(unit_dir))
    assert r.returncode == 0, r.stderr
    assert (unit_dir / "safelaunch@.service").read_text().endswith("# local\n")
    assert "exists and differs" in r.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["../etc/passwd", "--model", "m"], "service name '../etc/passwd'"),
        (["a b", "--model", "m"], "service name"),
        (["ok", "--model", " "], "--model must name"),
    ],
)
def test_bad_input_is_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    r = run_cli("install-service", *args, "--env-dir", str(tmp_path / "e"), "--unit-dir", str(tmp_path / "u"))
    assert r.returncode == 2
    assert message in r.stderr and r.stderr.count("\n") == 1
    assert not (tmp_path / "e").exists()

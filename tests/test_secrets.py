"""Secrets never in any argv: SGLang gets --api-key through a 0600 --config YAML that it reads itself.

End to end: `safelaunch serve` starts the simulated SGLang (which merges --config as SGLang's
ConfigArgumentMerger does), and every process of the tree is read the way any local user can (psutil's
cmdline = /proc/PID/cmdline); the server must still enforce the key, and the file must be gone once started.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
import psutil
import pytest

from safelaunch.core.secret_args import config_yaml, has_config_flag, split_secrets
from safelaunch.host.secret_config import collect, config_file, engine_environ
from safelaunch.sim.args import ArgvError, LauncherTraceback, parse
from safelaunch.sim.versions import SglangVersion
from tests.conftest import ROOT, run_cli, subprocess_env

KEY = "sk-TESTSECRET-4f9a1c"
MODEL = "Qwen/Qwen3-8B"
SERVE = [sys.executable, "-m", "safelaunch", "--log-format", "json", "serve", MODEL, "--engine", "sim", "--json"]
SERVE += ["--host-profile", "8xh200", "--tp", "2"]


def _serve(home: Path, secrets_dir: Path, *args: str, **env: str) -> subprocess.Popen:
    return subprocess.Popen(
        [*SERVE, *args],
        env=subprocess_env(
            SAFELAUNCH_HOME=str(home), SAFELAUNCH_SIM_SPEED="20", SAFELAUNCH_SECRETS_DIR=str(secrets_dir), **env
        ),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _healthy_summary(proc: subprocess.Popen) -> dict:
    """The JSON line serve prints once healthy (it then keeps serving)."""
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("{"):
            summary = json.loads(line)
            assert summary["healthy"], summary
            return summary
    raise AssertionError(f"serve ended without a summary: {proc.wait()} {proc.stderr.read() if proc.stderr else ''}")


def _stop(proc: subprocess.Popen) -> str:
    """SIGTERM, then everything it printed (both streams)."""
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    return out + err


def _store_text(home: Path) -> str:
    conn = sqlite3.connect(home / "safelaunch.db")
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    return "\n".join(str(row) for t in tables for row in conn.execute(f"SELECT * FROM {t}"))


def _check_tree(proc: subprocess.Popen, secrets_dir: Path, supervisor_clean: bool) -> None:
    supervisor = psutil.Process(proc.pid)
    tree = supervisor.children(recursive=True)
    assert len(tree) >= 3  # the launcher and its two scheduler ranks at least
    for p in tree:
        args = " ".join(p.cmdline())
        assert KEY not in args, f"pid {p.pid} shows the key in its argv: {args}"
        assert KEY not in "".join(f"{k}={v}" for k, v in p.environ().items())
    assert (KEY in " ".join(supervisor.cmdline())) is not supervisor_clean
    launcher = tree[0].cmdline()
    assert "--config" in launcher, launcher  # two tokens, as SGLang requires
    path = launcher[launcher.index("--config") + 1]
    assert path.startswith(str(secrets_dir)) and path.endswith(".yaml")
    assert not os.path.exists(path) and not os.path.exists(os.path.dirname(path))  # removed once started
    assert os.listdir(secrets_dir) == []


@pytest.mark.parametrize("source", ["env", "key-file", "argv"])
def test_no_process_argv_holds_the_api_key_and_the_server_still_enforces_it(tmp_path: Path, source: str) -> None:
    home, secrets_dir = tmp_path / "home", tmp_path / "secrets"
    secrets_dir.mkdir(mode=0o700)
    key_file = tmp_path / "api-key"
    key_file.write_text(KEY + "\n")
    key_file.chmod(0o600)
    if source == "env":
        proc = _serve(home, secrets_dir, SAFELAUNCH_API_KEY=KEY)
    elif source == "key-file":
        proc = _serve(home, secrets_dir, "--api-key-file", str(key_file))
    else:
        proc = _serve(home, secrets_dir, "--", "--api-key", KEY)
    try:
        summary = _healthy_summary(proc)
        _check_tree(proc, secrets_dir, supervisor_clean=source != "argv")
        url = f"http://127.0.0.1:{summary['port']}/v1/models"
        assert httpx.get(url, timeout=10).status_code == 401
        assert httpx.get(url, headers={"Authorization": f"Bearer {KEY}"}, timeout=10).status_code == 200
        info = httpx.get(url.replace("/v1/models", "/server_info"), headers={"Authorization": f"Bearer {KEY}"})
        assert info.json()["api_key"] == KEY  # the engine shows it (as SGLang does): safelaunch must not keep it
    finally:
        err = _stop(proc)
    assert KEY not in err
    assert ("visible in safelaunch's own command line" in err) is (source == "argv")
    store = _store_text(home)
    assert "verified_at" in store or "mem-fraction-static" in store  # the start was recorded ...
    assert KEY not in store  # ... without the key, though the engine's log line and /server_info held it


def test_sglang_without_config_is_refused_rather_than_exposing_the_key(tmp_path: Path) -> None:
    r = run_cli(
        "serve", MODEL, "--engine", "sim", "--host-profile", "8xh200", "--exit-when-healthy",
        SAFELAUNCH_HOME=str(tmp_path), SAFELAUNCH_API_KEY=KEY, SAFELAUNCH_SIM_SGLANG_VERSION="0.5.1",
    )  # fmt: skip
    assert r.returncode == 78, r.stderr
    last = r.stderr.splitlines()[-1]
    assert last.startswith("safelaunch: error: ") and "no --config (added in 0.5.3)" in last
    assert "Traceback" not in r.stderr and KEY not in r.stderr and '"event": "attempt"' not in r.stderr


def test_split_and_yaml_spelling() -> None:
    split = split_secrets(["--enable-metrics", "--api-key", "a b", "--admin-api-key=x:y", "--ssl-keyfile", "k"])
    assert split.public == ("--enable-metrics", "--ssl-keyfile", "k")
    assert dict(split.secrets) == {"api-key": "a b", "admin-api-key": "x:y"}
    text = config_yaml({"api-key": 'q"uo\\te: #1', "admin-api-key": "123"})
    import yaml

    assert yaml.safe_load(text) == {"api-key": 'q"uo\\te: #1', "admin-api-key": "123"}  # dashed keys, strings
    assert has_config_flag("0.5.3") and has_config_flag(None) and not has_config_flag("0.5.1")


def test_config_file_is_private_and_removed_even_when_the_start_fails(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SAFELAUNCH_SECRETS_DIR", str(tmp_path))
    with pytest.raises(RuntimeError), config_file({"api-key": KEY}) as args:
        path = Path(args[1])
        assert args[0] == "--config" and path.read_text().count(KEY) == 1
        assert path.stat().st_mode & 0o777 == 0o600 and path.parent.stat().st_mode & 0o777 == 0o700
        raise RuntimeError("the start failed")
    assert not path.exists() and list(tmp_path.iterdir()) == []


def test_collect_sources_and_the_engine_environment(tmp_path: Path) -> None:
    key_file = tmp_path / "k"
    key_file.write_text("from-file\n")
    split, warnings = collect(["--api-key", "from-argv"], {"SAFELAUNCH_API_KEY": "from-env"})
    assert split.secrets["api-key"] == "from-argv" and len(warnings) == 1 and "from-argv" not in warnings[0]
    split, warnings = collect([], {"SAFELAUNCH_API_KEY": "from-env"}, str(key_file))
    assert split.secrets == {"api-key": "from-file"} and warnings == []
    split, _ = collect([], {"SAFELAUNCH_ADMIN_API_KEY_FILE": str(key_file)})
    assert split.secrets == {"admin-api-key": "from-file"}
    env = engine_environ(
        {
            "SAFELAUNCH_API_KEY": "x",
            "SAFELAUNCH_API_KEY_FILE": "/k",
            "SAFELAUNCH_EXTRA_ARGS": "--api-key x",
            "PATH": "/bin",
        }
    )
    assert env == {"PATH": "/bin"}
    with pytest.raises(Exception, match="cannot read it"):
        collect([], {}, str(tmp_path / "missing"))


def test_the_sim_reads_config_like_sglang(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("api-key: sk-1\nenable-metrics: true\ntp-size: 2\n")
    version = SglangVersion.parse("0.5.10.post1")
    args = parse(["--model-path", "m", "--config", str(cfg), "--tp-size", "4"], version)
    assert args.api_key == "sk-1" and args.enable_metrics and args.tp_size == 4  # the command line wins
    for bad, message in (
        (["--config", str(cfg), "--config", str(cfg)], "Multiple config files specified!"),
        (["--config"], "No config file specified after --config flag!"),
        (["--config", str(tmp_path / "c.json")], "Config file must be YAML format, got: .json"),
        (["--config", str(tmp_path / "none.yaml")], "Config file not found"),
    ):
        with pytest.raises(LauncherTraceback, match=message):
            parse(["--model-path", "m", *bad], version)
    under = tmp_path / "u.yaml"
    under.write_text("api_key: sk-2\n")  # underscores become an unknown --api_key, as in SGLang
    with pytest.raises(ArgvError):
        parse(["--model-path", "m", "--config", str(under)], version)

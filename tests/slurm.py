"""A throwaway one-host Slurm cluster for the tests: munged, slurmctld and two slurmd in a temp dir, stopped at the end.

Two slurmd daemons on this one host (`slurmd -N NAME`, which Debian's build allows) stand for two nodes: `sl0` and
`sl1`, each with 2 CPUs and 8 "GPUs" (gres backed by plain files: Slurm only counts them, nothing uses them), so
an sbatch script asking for `--nodes=2 --gpus-per-node=8` runs unmodified. Every daemon reads a generated
slurm.conf with free ports; munged has its own key and socket, so nothing of the host's own Slurm or munge (if
any) is touched. Slurm's daemons need root (slurmd starts the job's tasks as the submitting user), so
`find_binaries` says why not and the tests skip without it; `.ci/run` installs Debian's `slurm-wlm` and `munge`.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import psutil

from tests.ports import free_port

NODES = ("sl0", "sl1")
BINARIES = ("munged", "slurmctld", "slurmd", "sbatch", "srun", "scontrol", "scancel", "sinfo")
REQUIRE_ENV = "SAFELAUNCH_TEST_REQUIRE_SLURM"  # set by .ci/run once Slurm is installed: a cluster that cannot
# start is then a failure, not a skip


def find_binaries() -> str:
    """The empty string when this machine can run the cluster, else why not (one line)."""
    missing = [b for b in BINARIES if not shutil.which(b)]
    if missing:
        return f"Slurm is not installed (no {', '.join(missing)}; apt-get install slurm-wlm munge, as .ci/run does)"
    if os.geteuid() != 0:
        return "a one-host Slurm cluster needs root (slurmd starts the job's tasks as their user)"
    return ""


def _conf(d: Path, ports: list[int]) -> str:
    host = socket.gethostname()
    lines = [
        "ClusterName=safelaunch-test",
        f"SlurmctldHost={host}(127.0.0.1)",
        f"SlurmctldPort={ports[0]}",
        f"SlurmdPort={ports[1]}",
        "AuthType=auth/munge",
        f"AuthInfo=socket={d}/munge/sock",
        "CredType=cred/munge",
        "SlurmUser=root",
        "SlurmdUser=root",
        f"StateSaveLocation={d}/state",
        f"SlurmdSpoolDir={d}/spool/%n",
        f"SlurmctldPidFile={d}/slurmctld.pid",
        f"SlurmdPidFile={d}/slurmd-%n.pid",
        f"SlurmctldLogFile={d}/log/slurmctld.log",
        f"SlurmdLogFile={d}/log/slurmd-%n.log",
        "ProctrackType=proctrack/linuxproc",  # no cgroups needed (containers, gVisor)
        "TaskPlugin=task/none",
        "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_CPU",
        "MpiDefault=none",
        "ReturnToService=2",
        "SlurmdParameters=config_overrides",  # 2 CPUs per node, whatever this host has
        "GresTypes=gpu",
        "JobAcctGatherType=jobacct_gather/none",
        "AccountingStorageType=accounting_storage/none",
        "JobCompType=jobcomp/none",
        "KillWait=5",  # SIGTERM to SIGKILL
        "UnkillableStepTimeout=15",  # a step whose processes outlive SIGKILL (a zombie) is given up on soon
        "MinJobAge=600",  # a finished job stays visible to `scontrol show job`
    ]
    for name, port in zip(NODES, ports[2:], strict=True):
        lines.append(
            f"NodeName={name} NodeHostname={host} NodeAddr=127.0.0.1 Port={port} CPUs=2 RealMemory=1000 Gres=gpu:8"
        )
    lines.append(f"PartitionName=test Nodes={','.join(NODES)} Default=YES MaxTime=INFINITE State=UP")
    return "\n".join(lines) + "\n"


class SlurmCluster:
    """munged + slurmctld + one slurmd per name in NODES, all in one short temp dir (a unix socket's path is short)."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="safelaunch-slurm-", dir="/tmp"))
        self.conf = self.dir / "slurm.conf"
        self.env = {**os.environ, "SLURM_CONF": str(self.conf)}

    def _run(self, *argv: str, check: bool = True, timeout: float = 60) -> subprocess.CompletedProcess:
        res = subprocess.run(list(argv), capture_output=True, text=True, env=self.env, timeout=timeout, check=False)
        if check and res.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed ({res.returncode}): {(res.stderr or res.stdout).strip()[-400:]}")
        return res

    def start(self) -> None:
        d = self.dir
        for sub in ("munge", "state", "spool", "log", "gpus"):
            (d / sub).mkdir(mode=0o700)
        os.chmod(d, 0o755)
        (d / "munge" / "key").write_bytes(os.urandom(1024))
        os.chmod(d / "munge" / "key", 0o600)
        for i in range(8):
            (d / "gpus" / f"gpu{i}").touch()
        self.conf.write_text(_conf(d, [free_port() for _ in range(2 + len(NODES))]))
        (d / "gres.conf").write_text(f"NodeName={','.join(NODES)} Name=gpu File={d}/gpus/gpu[0-7]\n")
        m = d / "munge"
        self._run(
            "munged", "--force", f"--socket={m}/sock", f"--key-file={m}/key", f"--pid-file={m}/pid",
            f"--log-file={m}/log", f"--seed-file={m}/seed",
        )  # fmt: skip
        self._run("slurmctld", "-f", str(self.conf), "-c")
        for name in NODES:
            self._run("slurmd", "-f", str(self.conf), "-N", name)
        self.wait_for("both nodes idle", lambda: self.node_states() == {"idle"}, timeout=90)

    def node_states(self) -> set[str]:
        res = self._run("sinfo", "-h", "-N", "-o", "%T", check=False)
        states = res.stdout.split()
        return set(states) if res.returncode == 0 and len(states) == len(NODES) else set()

    def sbatch(self, script: Path, cwd: Path, env: dict[str, str]) -> str:
        res = subprocess.run(
            ["sbatch", "--parsable", str(script)],
            capture_output=True, text=True, cwd=cwd, env={**env, "SLURM_CONF": str(self.conf)}, timeout=60,
        )  # fmt: skip
        if res.returncode != 0:
            raise AssertionError(f"sbatch failed: {res.stderr.strip()}")
        return res.stdout.strip().split(";")[0]

    def job_state(self, job: str) -> str:
        res = self._run("scontrol", "show", "job", "-o", job, check=False)
        m = re.search(r"\bJobState=(\S+)", res.stdout)
        return m.group(1) if m else ""

    def wait_for(self, what: str, check, timeout: float) -> object:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = check()
            if value:
                return value
            time.sleep(0.2)
        raise RuntimeError(f"Slurm: timed out waiting for {what}\n{self.logs()}")

    def logs(self) -> str:
        out = []
        for f in sorted((self.dir / "log").glob("*.log")):
            tail = f.read_text(errors="replace").splitlines()[-8:]
            out.append(f"== {f.name}\n" + "\n".join(tail))
        return "\n".join(out)

    def stop(self) -> None:
        """Cancel every job, wait for it to end, then stop the daemons (slurmd first) and munged; remove the dir."""
        with contextlib.suppress(Exception):
            self._run("scancel", "--full", "--partition=test", check=False)
            self.wait_for("the jobs to end", lambda: not self._run("squeue", "-h", check=False).stdout.strip(), 60)
        pids = [self.dir / f"slurmd-{n}.pid" for n in NODES] + [self.dir / "slurmctld.pid", self.dir / "munge" / "pid"]
        for pidfile in pids:
            _stop(pidfile)
        shutil.rmtree(self.dir, ignore_errors=True)


def _stop(pidfile: Path, timeout: float = 30) -> None:
    """SIGTERM the daemon whose pid the file holds and wait for it to go; SIGKILL if it will not."""
    try:
        pid = int(pidfile.read_text().strip())
        os.kill(pid, signal.SIGTERM)
    except (OSError, ValueError):
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if _gone(pid):
            return
        time.sleep(0.1)
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)


def _gone(pid: int) -> bool:
    """Exited, or a zombie: a daemon that double-forked is adopted by the nearest subreaper, and pytest is one once
    an in-process test ran `Supervisor.run` (safelaunch reaps its engine's orphans). Reap it if it is ours; a zombie
    never answers `kill(pid, 0)` with ESRCH, so without this the wait would last the whole timeout."""
    with contextlib.suppress(ChildProcessError, OSError):
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return True
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True

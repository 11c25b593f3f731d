"""The SGLang process tree: spawn it, stream its lines, stop all of it at once, wait for its GPU memory.

Shaped after uvicorn's supervisor `Process`: a small object with plain verbs. SGLang's own teardown often
hangs after a child dies (the parent waits on a dead rank), so `stop()` never waits for it: SIGTERM to the
whole group and every descendant, a short grace, then SIGKILL.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import psutil

from safelaunch.core.linecap import MAX_LINE_BYTES, LineSplitter
from safelaunch.host import nvml
from safelaunch.host.secret_config import engine_environ

SUPERVISOR_ONLY_ENV = frozenset(
    {"NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "PGPASSWORD", "SAFELAUNCH_STORE_URL"}
)

LAUNCH_MODULE = "sglang.launch_server"
SIM_MODULE = "safelaunch.sim"
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
REAP_POLL_S = 0.005
KILL_WAIT_S = 5.0  # after SIGKILL, how long `stop` waits for the tree to be gone


@dataclass(frozen=True)
class Line:
    """One line of the engine's output, stamped when it was read (monotonic seconds)."""

    text: str
    at: float
    stream: str  # "stdout" | "stderr"


@dataclass(frozen=True)
class StopReport:
    seconds: float
    killed: bool  # True when SIGKILL was needed
    pids: tuple[int, ...]


@dataclass(frozen=True)
class ReleaseReport:
    seconds: float
    released: bool
    still_held: Mapping[int, int] = field(default_factory=dict)  # our pids that still hold memory
    others: Mapping[int, int] = field(default_factory=dict)  # foreign pids holding memory on our GPUs


def engine_prefix(engine: str, python: str | None = None, engine_cmd: Sequence[str] = ()) -> list[str]:
    """The argv before SGLang's flags: an interpreter and module, or a user prefix such as `docker run ...`."""
    if engine == "sim":
        return [sys.executable, "-m", SIM_MODULE]
    if engine_cmd:
        return list(engine_cmd)
    return [python or os.environ.get("SAFELAUNCH_SGLANG_PYTHON") or sys.executable, "-m", LAUNCH_MODULE]


_subreaper = False


def become_subreaper() -> bool:
    """Adopt the engine's orphans (Linux): once the launcher dies, its ranks are re-parented to safelaunch, not
    to PID 1, so `stop` reaps them the moment they die instead of waiting for init's next sweep (~2 s on
    some hosts). Set once per process; False where the kernel or platform has no such thing."""
    global _subreaper
    if _subreaper or not sys.platform.startswith("linux"):
        return _subreaper
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL(None, use_errno=True)
        _subreaper = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    return _subreaper


def _die_with(parent: int) -> object:
    """In the child: be SIGKILLed if safelaunch dies, even by SIGKILL, so no engine outlives its supervisor."""

    def arm() -> None:
        with contextlib.suppress(Exception):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() != parent:  # the parent died between fork and prctl (safelaunch may be PID 1)
                os._exit(1)

    return arm


class EngineProcess:
    """A launched engine in its own session and process group, its output streamed line by line."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None = None, tail_lines: int = 400) -> None:
        self.argv = list(argv)
        self.env = dict(env or {})
        self.lines: queue.Queue[Line | None] = queue.Queue()
        self.signalled_at: float | None = None  # when the whole tree had been sent its final signal
        self.tail: deque[str] = deque(maxlen=tail_lines)
        self.proc: subprocess.Popen[bytes] | None = None
        self.started_at = 0.0
        self._open_streams = 0
        self._known: dict[int, psutil.Process] = {}
        self.serving_tree: list[psutil.Process] = []  # the tree when it was found healthy (`RankWatch` watches it)

    # -- verbs

    def start(self) -> EngineProcess:
        """Spawn from the calling thread (PDEATHSIG binds to it), which must outlive the engine."""
        # systemd's notify socket and watchdog belong to the supervisor, never to the engine it runs; nor do the
        # variables that carry SGLang's secrets (they reach it through its --config file) or the store's password
        inherited = {k: v for k, v in engine_environ(os.environ).items() if k not in SUPERVISOR_ONLY_ENV}
        env = {**inherited, **self.env, "PYTHONUNBUFFERED": "1"}
        self.started_at = time.monotonic()
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                start_new_session=True,
                preexec_fn=_die_with(os.getpid()) if sys.platform.startswith("linux") else None,
                close_fds=True,
            )
        except OSError as exc:
            from safelaunch.errors import SafelaunchError

            why = {2: "not found", 13: "not executable", 8: "not a program it can run"}.get(exc.errno or 0, str(exc))
            raise SafelaunchError(f"cannot start the engine: {self.argv[0]}: {why}") from None
        self._remember(self.proc.pid)
        for name, stream in (("stdout", self.proc.stdout), ("stderr", self.proc.stderr)):
            self._open_streams += 1
            threading.Thread(target=self._pump, args=(name, stream), daemon=True, name=f"engine-{name}").start()
        return self

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def is_alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.poll()

    def read(self, timeout: float) -> Line | None:
        """The next line, or None after `timeout` seconds (or once both streams closed and drained)."""
        try:
            item = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if item is None:
            self._open_streams -= 1
            return None
        self.tail.append(item.text)
        return item

    def drain(self) -> Iterator[Line]:
        while True:
            try:
                item = self.lines.get_nowait()
            except queue.Empty:
                return
            if item is None:
                self._open_streams -= 1
                continue
            self.tail.append(item.text)
            yield item

    @property
    def output_closed(self) -> bool:
        return self._open_streams <= 0 and self.lines.empty()

    def tree(self) -> list[psutil.Process]:
        """The engine and every descendant alive now; remembered so that orphans re-parented to init are found."""
        if self.proc is None:
            return []
        with contextlib.suppress(psutil.Error):
            root = psutil.Process(self.proc.pid)
            for p in [root, *root.children(recursive=True)]:
                self._known.setdefault(p.pid, p)
        alive = []
        for pid, p in list(self._known.items()):
            try:
                if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                    alive.append(p)
                else:
                    del self._known[pid]
            except psutil.Error:
                self._known.pop(pid, None)
        return alive

    def pids(self) -> tuple[int, ...]:
        return tuple(p.pid for p in self.tree())

    def mark_healthy(self) -> None:
        """Remember the tree as it is when a generation has just gone through every rank: a rank that dies from
        now on, even before the serving loop starts watching, is missing from it."""
        self.serving_tree = self.tree()

    def stop(self, grace: float = 3.0) -> StopReport:
        """SIGTERM the group and every descendant at once, SIGKILL what is left after `grace` seconds."""
        t0 = time.monotonic()
        if self.proc is None:
            return StopReport(0.0, False, ())
        procs = self.tree()
        pids = tuple(p.pid for p in procs)
        if grace > 0:
            self._signal_all(procs, signal.SIGTERM)
            alive = self._wait_dead(procs, grace)
        else:
            alive = procs
        killed = bool(alive)
        if alive:
            self._signal_all(alive + self.tree(), signal.SIGKILL)
            self.signalled_at = time.monotonic()
            self._wait_dead(alive, KILL_WAIT_S)
        else:
            self.signalled_at = time.monotonic()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=1)
        return StopReport(time.monotonic() - t0, killed, pids)

    # -- internals

    def _wait_dead(self, procs: Sequence[psutil.Process], timeout: float) -> list[psutil.Process]:
        """The processes still alive after at most `timeout` s; a zombie counts as dead (its memory is freed).

        Adopted orphans (`become_subreaper`) are reaped here by pid; the engine's own child is left to Popen,
        whose exit status `returncode` reports (reaping it here would steal it)."""
        deadline = time.monotonic() + timeout
        while True:
            alive = [p for p in procs if not self._dead(p)]
            if not alive or time.monotonic() >= deadline:
                return alive
            time.sleep(REAP_POLL_S)

    def _dead(self, p: psutil.Process) -> bool:
        assert self.proc is not None
        if p.pid == self.proc.pid:
            return self.proc.poll() is not None
        with contextlib.suppress(ChildProcessError, OSError):
            if os.waitpid(p.pid, os.WNOHANG)[0] == p.pid:  # our adopted orphan, now reaped
                return True
        try:
            return not p.is_running() or p.status() in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD)
        except psutil.Error:
            return True

    def _remember(self, pid: int) -> None:
        with contextlib.suppress(psutil.Error):
            self._known[pid] = psutil.Process(pid)

    def _signal_all(self, procs: list[psutil.Process], sig: signal.Signals) -> None:
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, sig)
        for p in procs:
            with contextlib.suppress(psutil.Error):
                p.send_signal(sig)

    def _pump(self, name: str, stream: object) -> None:
        """Split on \\n and \\r alike: tqdm redraws its bar with carriage returns, and each redraw is progress.

        A line longer than `linecap.MAX_LINE_BYTES` keeps its head and tail (marked as cut): memory stays
        bounded whatever SGLang prints."""
        splitter = LineSplitter(MAX_LINE_BYTES, separators=b"\r\n")
        read = stream.read1 if hasattr(stream, "read1") else stream.read  # type: ignore[attr-defined]
        try:
            while True:
                chunk = read(65536)
                if not chunk:
                    break
                now = time.monotonic()
                for part in splitter.feed(chunk):
                    self.lines.put(Line(part.decode("utf-8", "replace"), now, name))
        except (OSError, ValueError):
            pass
        finally:
            last = splitter.flush()
            if last:
                self.lines.put(Line(last.decode("utf-8", "replace"), time.monotonic(), name))
            self.lines.put(None)


@dataclass(frozen=True)
class RankProblem:
    """One process of the serving tree that is dead or stopped (SIGSTOP, a debugger), as seen from /proc."""

    pid: int
    name: str
    state: str  # "dead" | "stopped"

    def describe(self) -> str:
        what = "died" if self.state == "dead" else "is stopped (state T: SIGSTOP or a tracer)"
        return f"engine process {self.pid} ({self.name}) {what}"


STOPPED_STATES = (psutil.STATUS_STOPPED, psutil.STATUS_TRACING_STOP)


class RankWatch:
    """The engine's processes once it serves (launcher, schedulers, detokenizer), checked from /proc.

    SGLang names its processes (`sglang::scheduler_TP0`, `sglang::detokenizer`); where any carries such a title,
    only those and the launcher are watched, so a helper that comes and goes (a compile worker) is no rank.
    Without titles (the sim, a wrapper) the whole tree as it was at the snapshot is watched."""

    def __init__(self, procs: Sequence[psutil.Process]) -> None:
        titled = [p for p in procs[1:] if _title(p).startswith("sglang::")]
        chosen = [*procs[:1], *titled] if titled else list(procs)
        self.watched = {p.pid: (p, _title(p) or "?") for p in chosen}

    def check(self) -> RankProblem | None:
        """The first watched process that is gone (or a zombie) or stopped; None while all run."""
        for pid, (p, name) in self.watched.items():
            try:
                running = p.is_running()  # compares the start time: a reused pid is not ours
                status = p.status() if running else psutil.STATUS_DEAD
            except psutil.Error:
                status = psutil.STATUS_DEAD
            if status in (psutil.STATUS_DEAD, psutil.STATUS_ZOMBIE):
                return RankProblem(pid, name, "dead")
            if status in STOPPED_STATES:
                return RankProblem(pid, name, "stopped")
        return None


def _title(p: psutil.Process) -> str:
    with contextlib.suppress(psutil.Error, IndexError):
        cmdline = p.cmdline()
        if cmdline and cmdline[0].startswith("sglang::"):
            return cmdline[0].split()[0]
        return p.name()
    return ""


def wait_gpu_release(
    pids: Sequence[int],
    gpu_indices: Sequence[int] | None = None,
    timeout: float = 60.0,
    poll: float = 0.05,
    reader: object = None,
    baseline_used: Mapping[int, int] | None = None,
    tolerance: int = 256 << 20,
) -> ReleaseReport:
    """Wait until NVML no longer shows memory held by `pids`; name other holders, which would doom a retry.

    Where NVML cannot attribute memory to processes (containers and VMs often hide them), the GPUs' used
    memory falling back to what it was before the launch (`baseline_used`, per GPU index) is the release.
    Without NVML (a profile host) there is nothing to read, and the stopped tree's exit is the release.
    """
    read = reader or (lambda: _nvml_usage(gpu_indices))
    t0 = time.monotonic()
    ours = set(pids)
    while True:
        held, used = read()  # type: ignore[operator]
        mine = {pid: b for pid, b in held.items() if pid in ours and b}
        over = (
            {}  # NVML names the holders: the pids decide, and other tenants' growth is not ours to wait for
            if held
            else {
                i: u - baseline_used[i]
                for i, u in used.items()
                if baseline_used and i in baseline_used and u - baseline_used[i] > tolerance
            }
        )
        others = {pid: b for pid, b in held.items() if pid not in ours}
        if not mine and not over:
            return ReleaseReport(time.monotonic() - t0, True, {}, others)
        if time.monotonic() - t0 >= timeout:
            return ReleaseReport(time.monotonic() - t0, False, mine or {-1: sum(over.values())}, others)
        time.sleep(poll)


def _devices(gpu_indices: Sequence[int] | None) -> list[dict[str, Any]]:
    """The chosen GPUs (None: all) as one NVML reading lists them; none without NVML."""
    try:
        inventory = nvml.read_nvml()
    except nvml.NoGpuError:
        return []
    wanted = set(gpu_indices) if gpu_indices is not None else None
    return [d for d in inventory["nvml"]["devices"] if wanted is None or d["index"] in wanted]


def _nvml_usage(gpu_indices: Sequence[int] | None) -> tuple[dict[int, int], dict[int, int]]:
    """(bytes per pid, used bytes per GPU index) on the chosen GPUs, from one NVML reading."""
    held: dict[int, int] = {}
    used: dict[int, int] = {}
    for dev in _devices(gpu_indices):
        used[dev["index"]] = int(dev["mem_used"])
        for p in dev["procs"]:
            held[p["pid"]] = held.get(p["pid"], 0) + int(p["used_memory"] or 0)
    return held, used


def gpu_used_now(gpu_indices: Sequence[int] | None) -> dict[int, int]:
    """Used bytes per GPU right now: the baseline a release is measured against."""
    return _nvml_usage(gpu_indices)[1]


def gpu_memory_now(gpu_indices: Sequence[int]) -> dict[int, tuple[int, int]]:
    """(used, total) bytes per chosen GPU right now, from one NVML reading ({} without NVML)."""
    return {d["index"]: (int(d["mem_used"]), int(d["mem_total"])) for d in _devices(gpu_indices)}

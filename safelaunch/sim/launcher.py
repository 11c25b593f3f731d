"""The launcher (the `sglang serve` process itself): spawn the ranks, relay their collectives, serve HTTP.

Process layout as in SGLang: the launcher spawns one scheduler process per GPU (rank.py) and relays the
all-reduce(MIN) the ranks size the KV pool with. A failing rank SIGQUITs the launcher, whose handler logs
SGLang's line and kills the tree, itself last with SIGKILL, as `kill_process_tree` does. Once every rank is
ready, the launcher binds the HTTP port (server.py), runs SGLang's warmup (GET /model_info, the first
prefill, which allocates the fused-MoE workspace, POST /generate) and prints "The server is fired up and
ready to roll!". While serving, every scheduler step runs a forward on every rank (`Launcher.forward`).
SIGTERM drains as SGLang's tokenizer manager does, once serving; before that it ends the tree at once. From
0.5.10.post1 on, a scheduler that dies without a word (kill -9) is noticed within a second (`watch_ranks`); a
stopped one only makes /health wait and answer 503 (server.py).
"""

from __future__ import annotations

import contextlib
import faulthandler
import multiprocessing as mp
import os
import signal
import threading
import time
from multiprocessing.connection import Connection, wait
from typing import Any, NoReturn

from safelaunch.sim.backends import backend
from safelaunch.sim.faults import start_serving_faults
from safelaunch.sim.launch import Launch
from safelaunch.sim.launcher_errors import launch_died_traceback, warmup_connection_error
from safelaunch.sim.logfmt import STDERR, Log, rank_prefix, write
from safelaunch.sim.procs import block_forever
from safelaunch.sim.rank import rank_main
from safelaunch.sim.rendezvous import GroupTimeout, NodeLink, group_of, serve_dummy_health, watchdog_line
from safelaunch.sim.server import SimServer, bind_error_text
from safelaunch.sim.templates import Templates

FRAME_REPR = "<frame at 0x7f3a2c1b5a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>"


class Launcher:
    def __init__(self, launch: Launch) -> None:
        self.launch = launch
        self.log = Log()
        self.t = Templates(launch.version)
        self.procs: list[Any] = []
        self.conns: list[Connection] = []
        self.infos: list[dict[str, Any]] = []
        self.server: Any = None
        self.phase = "launch"
        self._dying = False  # a plain flag: signal handlers must not take locks (threading.Event does)
        self._warmup_lock = threading.Lock()
        self._warmed = False
        self._forward_lock = threading.Lock()
        self.link: NodeLink | None = None  # a multi-node group's rendezvous (rendezvous.py), else None

    # ------------------------------------------------------------------ process tree

    def kill_children(self) -> None:
        for proc in self.procs:
            with contextlib.suppress(Exception):
                if proc.is_alive():
                    os.kill(proc.pid, signal.SIGKILL)
        for proc in self.procs:
            with contextlib.suppress(Exception):
                proc.join(timeout=2)

    def kill_tree(self) -> NoReturn:
        """`kill_process_tree(os.getpid())`: children first, then this process with SIGKILL."""
        self._dying = True
        self.kill_children()
        os.kill(os.getpid(), signal.SIGKILL)
        block_forever()

    def on_sigquit(self, signum: int, frame: Any) -> None:
        signal.signal(signal.SIGQUIT, signal.SIG_IGN)  # every failing rank sends one; the first decides
        if self._dying:
            return
        self._dying = True
        if self.phase == "launch":
            self.log.error(self.t.LAUNCH_SIGQUIT)
        else:
            self.log.error(self.t.running_sigquit(FRAME_REPR))
        self.kill_tree()

    def on_sigterm(self, signum: int, frame: Any) -> None:
        if self._dying:
            return
        if self.phase != "serving":  # SGLang installs its graceful handler only once it serves
            self._dying = True
            self.kill_children()
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        self.log.warning(f"SIGTERM received. signum={signum} frame=None. Draining requests and shutting down...")
        if self.server is not None:
            self.server.status = "Shutdown"
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        time.sleep(min(self.launch.delay("sigterm_drain"), 5.0))
        remaining = self.server.running_rids() if self.server is not None else []
        self.log.info(
            f"Gracefully exiting... Remaining number of requests {len(remaining)}. "
            f"Remaining requests remaining_rids={remaining}."
        )
        self.kill_tree()

    # ------------------------------------------------------------------ launch phase

    def start_ranks(self) -> None:
        ctx = mp.get_context(backend(self.launch.backend_name).start_method)
        for rank in range(self.launch.plan.world):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=rank_main, args=(self.launch, rank, child), daemon=True)
            proc.start()
            child.close()
            self.procs.append(proc)
            self.conns.append(parent)

    def rank_died(self, rank: int) -> NoReturn:
        """A scheduler died without a word: SGLang raises from the launcher, then hangs on the stuck ranks."""
        proc = self.procs[rank]
        proc.join(timeout=1)
        code = proc.exitcode if proc.exitcode is not None else -9
        write(STDERR, launch_died_traceback(rank, code))
        self.phase = "hung"
        block_forever()  # the other schedulers are non-daemon and stuck in NCCL: the launcher never exits

    def wait_ready(self) -> None:
        world = self.launch.plan.world
        pending: dict[str, dict[int, float]] = {}
        ready: dict[int, dict[str, Any]] = {}
        index = {id(c): r for r, c in enumerate(self.conns)}
        while len(ready) < world:
            live = [c for r, c in enumerate(self.conns) if r not in ready]
            got = wait(live, timeout=self.launch.delay("rank_poll"))
            for conn in got:
                rank = index[id(conn)]
                try:
                    msg = conn.recv()
                except (EOFError, OSError):
                    if self._dying:
                        block_forever()
                    self.rank_died(rank)
                if msg[0] == "min":
                    _, tag, value = msg
                    pending.setdefault(tag, {})[rank] = value
                    if len(pending[tag]) == world:
                        low = self.group_min(tag, min(pending.pop(tag).values()))
                        for c in self.conns:
                            c.send(low)
                elif msg[0] == "ready":
                    ready[rank] = msg[1]
            if not got and not self._dying:
                for rank, proc in enumerate(self.procs):
                    if not proc.is_alive():
                        self.rank_died(rank)
        self.infos = [ready[r] for r in range(world)]

    # ------------------------------------------------------------------ multi-node

    def group_min(self, tag: str, value: float) -> float:
        """The MIN over every node of the group (this node's own value alone when it is not in one)."""
        if self.link is None:
            return value
        try:
            return self.link.min(tag, value)
        except GroupTimeout as exc:
            self.group_timed_out(str(exc))

    def group_timed_out(self, text: str) -> NoReturn:
        """A collective across nodes timed out: the first rank's error, then the tree ends as on a failing rank."""
        plan = self.launch.plan
        first = int(self.launch.args.raw.get("node_rank") or 0) * plan.world
        log = Log(rank_prefix(first % plan.tp, plan.tp))
        if "Watchdog" in text:
            write(STDERR, watchdog_line(first, text) + "\n")
        log.error(self.t.scheduler_exception(self.t.generic_traceback(text.format(rank=first))))
        self._dying = True
        self.log.error(self.t.LAUNCH_SIGQUIT)
        self.kill_tree()

    def join_group(self) -> None:
        """Once this node's ranks are ready, wait for every node's; a node other than 0 then serves only the
        dummy health check, as SGLang's does, and holds its GPUs until the tree is stopped."""
        if self.link is None:
            return
        self.group_min("ready", 0.0)
        if self.link.node_rank == 0:
            return
        args = self.launch.args
        self.phase = "serving"
        try:
            serve_dummy_health(args.host, args.port)
        except OSError as exc:
            self.log.error(f"Dummy health check server failed to start: {exc}")
            self.kill_tree()
        block_forever()

    def watch_ranks(self) -> None:
        """SGLang's `SubprocessWatchdog` (0.5.10.post1+), started once every scheduler is ready: each second, a
        scheduler that died with a non-zero status (SIGKILL, the OOM killer, an abort) SIGQUITs this process,
        whose handler kills the tree. A stopped (SIGSTOP) rank is alive: the watchdog stays silent."""
        interval = max(0.05, self.launch.delay("subprocess_watchdog"))

        def loop() -> None:
            while not self._dying:
                time.sleep(interval)
                for rank, proc in enumerate(self.procs):
                    if self._dying or proc.is_alive() or proc.exitcode == 0:
                        continue
                    self.log.error(
                        f"Subprocess scheduler_{rank} (pid={proc.pid}) crashed with exit code {proc.exitcode}. "
                        "Triggering SIGQUIT for cleanup..."
                    )
                    os.kill(os.getpid(), signal.SIGQUIT)
                    return

        threading.Thread(target=loop, daemon=True, name="subprocess-watchdog").start()

    def warmup_ranks(self) -> None:
        """The first prefill forward on every rank (it allocates the fused-MoE workspace); once."""
        with self._warmup_lock:
            if self._warmed:
                return
            self._run_warmup()
            self._warmed = True

    def _run_warmup(self) -> None:
        for conn in self.conns:
            conn.send(("warmup",))
        for conn in self.conns:
            try:
                conn.recv()
            except (EOFError, OSError):
                block_forever()  # the failing rank has SIGQUIT us; the handler ends the process

    def forward(self, nbytes: int) -> None:
        """Run one serving forward on every rank (the scheduler's batch): returns when all ranks are done.

        A rank that runs out of memory logs its traceback and SIGQUITs this process, whose handler kills the
        tree; the caller then simply never returns, as a request to a dead SGLang never completes."""
        with self._forward_lock:
            try:
                for conn in self.conns:
                    conn.send(("forward", nbytes))
                for conn in self.conns:
                    conn.recv()
            except (EOFError, OSError):
                block_forever()  # a dead rank: the others wait in the collective for ever, as SGLang's do

    # ------------------------------------------------------------------ HTTP phase

    def serve(self) -> None:
        launch = self.launch
        args = launch.args
        self.phase = "http"
        launch.sleep("http")
        self.log.uvicorn("INFO", f"Started server process [{os.getpid()}]")
        self.log.uvicorn("INFO", "Waiting for application startup.")
        self.log.uvicorn("INFO", "Application startup complete.")
        error = None
        if launch.faults.port:
            error = bind_error_text(args.host, args.port)
        else:
            try:
                self.server = SimServer(launch, self.infos, self.log, forward=self.forward)
            except OSError as exc:
                error = bind_error_text(args.host, args.port, exc)
        if error is not None:
            self.log.uvicorn("ERROR", error)
            self.log.uvicorn("INFO", "Waiting for application shutdown.")
            self.log.uvicorn("INFO", "Application shutdown complete.")
            # lifespan shutdown joins the warmup thread, which gives up after 120 polls of /model_info
            time.sleep(launch.delay("warmup_timeout"))
            host = "127.0.0.1" if args.host in ("0.0.0.0", "", None) else args.host
            self.log.error("Initialization failed. warmup error: " + warmup_connection_error(host, args.port))
            self.kill_tree()
        assert self.server is not None
        scheme_host = args.host if ":" not in args.host else f"[{args.host}]"
        self.log.uvicorn("INFO", f"Uvicorn running on http://{scheme_host}:{args.port} (Press CTRL+C to quit)")
        self.server.first_forward = self.warmup_ranks
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.phase = "warmup"
        if not args.skip_server_warmup:  # with it, the first request runs the first forward
            time.sleep(launch.delay("warmup_poll"))
            self.server.self_request("GET", "/model_info")
            self.server.log_prefill(7)
            self.warmup_ranks()
            time.sleep(launch.delay("warmup_forward"))
            self.server.self_request("POST", "/generate", warmup=True)
        self.server.status = "Up"
        self.phase = "serving"
        self.log.info(self.t.READY)
        start_serving_faults(launch, self.t, self.infos, self.server)
        block_forever()

    def run(self) -> None:
        faulthandler.register(signal.SIGUSR1, all_threads=True)  # stacks on demand, for a stuck launcher
        signal.signal(signal.SIGQUIT, self.on_sigquit)
        signal.signal(signal.SIGTERM, self.on_sigterm)
        signal.signal(signal.SIGINT, self.on_sigterm)
        nnodes, node_rank, addr, timeout = group_of(self.launch.args.raw)
        if nnodes > 1:
            self.link = NodeLink(nnodes, node_rank, addr, timeout)
        self.start_ranks()
        self.wait_ready()
        self.join_group()
        if self.launch.version.has_subprocess_watchdog:
            self.watch_ranks()
        self.serve()

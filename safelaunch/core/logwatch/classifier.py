"""The streaming classifier: the pipeline's steps joined, and the only state (phase, traceback, best failure).

The supervisor feeds every line SGLang prints, as it is printed, and must react within a second, so a
failure is announced on the line where it becomes evident (with the best label known then) while
`diagnosis()` keeps refining the verdict as the rest of the traceback arrives. Each line flows through
`lines.normalise` -> `prefix.parse_prefix` -> `phases.read_milestone` -> `failures.match_failure`, and the
classifier keeps what they say; `verdict.decide` picks the failure that decides. Recording and labelling a
failure (the cold path) is `recording.FailureRecorder`, this class's base.

Nothing here does I/O, and nothing grows with the length of the log: a bounded window of recent
interesting lines, the frames of the current traceback and one best record per tier.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from . import tracebacks
from .benign import PRESSURE_HINT, RUNTIME_PRESSURE, WARNINGS
from .carrier import Carrier
from .config import EXCEPTION as LOOSE_WORDS
from .config import version_mismatch
from .contract import PHASE_INDEX, Diagnosis, Event, Evidence, clip
from .crashdump import DUMP_TAIL, FATAL, dump_block, dump_frame
from .cuda import CUDA_WARNED
from .distributed import NCCL_WARN
from .failures import match_failure, might_fail
from .figures import FRACTION, NODE_RANK, fraction_numbers, oom_numbers, state_numbers
from .lines import decode, normalise
from .oom import HOST_POOL_STEP, capture_inner_label
from .order import oldest_first
from .phases import CAPTURE_DONE, QUIET, STARTED, Milestone, read_milestone
from .prefix import Parsed, parse_prefix
from .recording import FailureRecorder
from .survival import settle
from .tracebacks import BOILERPLATE, CHAIN, EXC_LINE, FRAME, FRAME_HEAD, FRAME_TAIL, TB_HEADER, Block, frame_category
from .unnamed import CONSEQUENCE, CONSEQUENCES, consequence
from .verdict import Record, decide, settled
from .wrapping import continues, rejoin

_EMPTY: dict[str, Any] = {}


class LogClassifier(FailureRecorder):
    """Feed SGLang's log one line at a time; get events now and a diagnosis whenever asked.

    Once the server is serving, routine lines (decode/prefill batches, HTTP access lines) leave through a
    fast path that only looks at the message start: that is what keeps a busy server's log cheap to watch.
    Use one classifier per launch; a log holding several launches (SGLang printing its server_args again)
    is judged by the last one.
    """

    def __init__(self, window: int = 64, max_frames: int = 24, *, prescreen: bool = True) -> None:
        self._prescreen = prescreen
        self._line_no = 0
        self._phase = "launching"
        self._phase_known = False
        self._pool_ready = False
        self._autotune = False
        self._forward_seen = False
        self._ready_sent = False
        self._ready_at: int | None = None
        self._serving = False
        self._quiet_ok = False  # batch lines carry nothing new once serving is recorded
        self._rank: str | None = None
        self._numbers: dict[str, Any] = {}
        self._recent: deque[Evidence] = deque(maxlen=window)
        self._max_frames = max_frames
        self._block: Block | None = None
        self._best: dict[int, Record] = {}
        self._emitted_label: str | None = None
        self._pressure: deque[Evidence] = deque(maxlen=4)
        self._pending: Record | None = None  # a failure whose message may continue on the next lines
        self._ready_evidence: Evidence | None = None
        self._started: Evidence | None = None  # the milestone after which start-up has allocated everything
        self._last: dict[str, Any] = {}  # the last progress figure of each kind (batch_size, weights_pct)
        self._in_usage = False
        self._node_rank: str | None = None  # the node whose start-up this log follows (--node-rank)
        self._fatal_seen = False  # a line that only a dying server prints, since the last ready
        self._batch_evidence: Evidence | None = None
        self._last_batch: int | None = None  # the line of the last batch SGLang logged (until serving is recorded)
        self._frame_head: tuple[int, str, str] | None = None  # a frame's `File "path",` line, wrapped
        self._crash: Evidence | None = None  # the last `Fatal Python error` line: a faulthandler dump follows
        self._code_next = False  # the line after a traceback frame is its source line, indented: never an error line
        self._prev: tuple[int, Parsed] | None = None  # the last message line, which a width limit may have cut
        self._undo: tuple[Record | None, bool, bool] | None = None  # what the last record changed (`_retract`)
        self._carrier = Carrier()  # a wrapper no pattern lists, learnt from the log
        self._host_pool_at: int | None = None  # the line where HiCache said it allocates its host pool
        self._goes_on_at = -1  # the last line that says the process goes on (a warning, a fallback)
        self._intro_at = -1  # ... when that line introduces what it went on from on the lines below (ends with ':')
        self._args_at: int | None = None  # the last ServerArgs line, while no start-up step has followed it
        self._servers = 1  # servers one command starts side by side (a router's DP workers), each with its ServerArgs
        self._stopping = False  # a stop was asked for (SIGTERM, systemd stopping the unit): deaths after it are its own

    # -- public API

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def line_no(self) -> int:
        return self._line_no

    def feed(self, line: str | bytes) -> list[Event]:
        """One physical line as read from SGLang's stdout/stderr (with or without its newline)."""
        self._line_no += 1
        if line.__class__ is not str:
            line = decode(line)
        if self._quiet_ok:
            # the message after SGLang's prefix (behind any wrapper without "] " in it): is it routine?
            j = line.find("] ")
            if 0 < j < 200 and line[j + 2 : j + 14] in QUIET:
                return []
        events: list[Event] = []
        for text in normalise(line, self._carrier):
            if text.strip():
                self._observe(parse_prefix(text), events)
        return events

    def feed_many(self, lines: Iterable[str | bytes]) -> list[Event]:
        events: list[Event] = []
        for line in lines:
            events.extend(self.feed(line))
        return events

    def diagnosis(self) -> Diagnosis:
        """The verdict now: the most decisive failure after the last ready, else healthy, else unknown."""
        rec = decide(self._best, self._block, self._phase, self._numbers)
        # an exception that only its wording calls an error, printed by a server that is up (its ready line, or in an
        # excerpt without one, batches it ran after the error): not a crash
        went_on = rec is not None and self._last_batch is not None and self._last_batch > rec.line_no
        if rec is not None and (rec.fatal or self._fatal_seen or (self._ready_at is None and not went_on)):
            return rec.diagnosis()
        ready = (self._ready_evidence,) if self._ready_at is not None else None
        batch = (self._batch_evidence,) if self._forward_seen else None
        numbers, recent = dict(self._numbers), tuple(self._recent)[-3:]
        return settled(
            self._phase, self._phase_known, numbers, ready, tuple(self._pressure), batch, self._started, recent
        )

    # -- one logical line

    def _observe(self, p: Parsed, events: list[Event]) -> None:
        n = self._line_no
        prev, self._prev = self._prev, None
        carry: Parsed | None = None  # the cut line so far, read apart for now: its failure's words may be to come
        if prev is not None and prev[0] == n - 1 and continues(prev[1], p):
            whole, carry = rejoin(prev[1], p)
            if whole is not None:
                self._retract(prev[0])  # half a line: it is read again whole
                block = self._block
                if block is not None and block.frames and block.frames[-1][0].line_no == prev[0]:
                    block.frames.pop()  # the same for a frame
                p = whole
        msg = p.msg
        if p.prefixed:
            rank = p.rank
            if rank is not None:
                self._rank = rank
        else:
            rank = self._block.rank if self._block is not None else self._rank

        # A traceback frame: remember where it is, for the error line that will follow.
        code_line, self._code_next = self._code_next, True
        head = self._frame_head
        if head is not None:
            self._frame_head = None
            m = FRAME_TAIL.match(msg)
            if m:  # the second half of a frame wrapped across lines
                self._add_frame(Evidence(head[0], clip(head[1] + " " + msg.strip())), head[2], m.group(1), rank)
                return
        if 'File "' in msg:
            m = FRAME.search(msg)
            if m:
                if self._block is not None and self._block.dump:  # innermost first: the first real frame decides
                    rule = dump_frame(self._block, Evidence(n, clip(p.text)), m.group(1), m.group(2))
                    if rule is not None:
                        self._record(rule.failure(msg.strip()), p, n, rank, events)
                else:
                    self._add_frame(Evidence(n, clip(p.text)), m.group(1), m.group(2), rank)
                    self._prev = (n, p)  # its function's name may go on in the next line
                return
            m = FRAME_HEAD.search(msg)
            if m:
                self._frame_head = (n, p.text, m.group(1))
                return
        if msg.endswith(DUMP_TAIL):
            block = dump_block(msg, Evidence(n, clip(p.text)), self._crash, rank, self._max_frames)
            if block is not None:  # a faulthandler thread stack
                self._block = block
                return
        elif msg.startswith(FATAL):
            self._crash = Evidence(n, clip(p.text))
        self._code_next = False
        self._prev = (n, carry or p)
        stripped = msg.lstrip()
        if stripped.startswith(BOILERPLATE):
            return

        # argparse's usage block: only its final "error:" line matters.
        if self._in_usage:
            if msg.startswith((" ", "\t", "[")):
                return
            self._in_usage = False
        if msg.startswith("usage: "):
            self._in_usage = True
            return

        if p.prefixed and (msg.startswith(("server_args=", "ServerArgs(")) or "server_args=ServerArgs(" in msg[:60]):
            self._prev = None  # its wrapped rest names no failure, and reading it again would start a new launch
            node = NODE_RANK.search(msg)
            other_node = node is not None and self._node_rank is not None and node.group(1) != self._node_rank
            if node is not None and self._node_rank is None:
                self._node_rank = node.group(1)
            if other_node:  # another node of a multi-node launch, pasted in the same log: not a relaunch
                return
            if self._args_at is not None and not self._best:
                self._servers += 1  # another server of the same command, its arguments right after the first's
            elif self._phase_known:
                self._new_launch()  # a log holding several attempts: judge the last one
            self._args_at = n
            m = FRACTION.search(msg)
            if m:
                self._numbers["mem_fraction"] = float(m.group(1))
            self._set_phase("launching", p, events)
            return

        # A failure message that runs over several lines (wrapped OOM text, "Raise ... above X" on its own line,
        # an exception whose message goes on below its `Exception: 2 errors happen:` line).
        pend = self._pending
        if pend is not None:
            if not p.prefixed and TB_HEADER not in msg and not EXC_LINE.match(stripped) and n - pend.line_no <= 3:
                joined = pend.detail + " " + stripped
                if pend.family == "exc":
                    pend.detail = joined[:4000]
                    pend.label = self._exception_label(pend.exc_type, pend.detail)
                extra = oom_numbers(joined)
                extra.update(fraction_numbers(stripped))
                if extra:
                    pend.detail = joined[:4000]
                    pend.numbers.update(extra)
            elif pend.family == "capture" and n - pend.line_no == 1 and pend.detail.rstrip().endswith(":"):
                # the capture wrapper's inner error on the next line (`... failed: backend='inductor' raised:`)
                pend.detail = (pend.detail + " " + stripped)[:4000]
                if not pend.label.startswith("oom_"):
                    pend.label = capture_inner_label(pend.detail)
                self._pending = None
            else:
                self._pending = None

        if p.prefixed or not msg.startswith((" ", "\t")):
            milestone = read_milestone(msg, p.level)
            if milestone is not None:
                self._prev = None  # SGLang's own step, printed whole: nothing is joined to it
                self._apply(milestone, p, n, rank, events)
                return

        if TB_HEADER in msg:
            self._block = Block(Evidence(n, clip(p.text)), rank, deque(maxlen=self._max_frames))
            # right below a line that says the process goes on without what failed: that line's caught exception,
            # as `logger.exception` prints it (message, then traceback), so it decides only if the process then dies
            reported = CONSEQUENCES.search(msg, 0, msg.find(TB_HEADER)) is not None  # `Scheduler hit an exception: ...`
            self._block.caught = self._goes_on_at == n - 1 and not reported
            if reported:
                self._record(CONSEQUENCE.failure(msg), p, n, rank, events)
            return
        if stripped.startswith(CHAIN):
            return
        # a traceback's source line is code, not a message (`assert n <= 1024` names nothing; its exception decides)
        source = code_line and msg[:1] in " \t" and EXC_LINE.match(stripped) is None
        if source or (self._prescreen and not might_fail(msg)):
            self._recent.append(Evidence(n, clip(p.text)))
            return

        if "NCCL INFO" in msg:  # NCCL's own INFO level: what it tried and fell back from (a missing net plugin)
            self._recent.append(Evidence(n, clip(p.text)))
            return
        # an error line indented with the rest of a pasted log (its traceback's source lines are not error lines)
        m = EXC_LINE.match(msg if code_line else stripped)
        if m is None and msg[:1] not in " \t":
            m = tracebacks.qualified_exception(stripped, self._block, n)
        exc_type = m.group(1) if m else None

        if exc_type is None and WARNINGS.search(msg):
            self._goes_on_at = n
            self._intro_at = n if msg.rstrip().endswith(":") else -1
            ev = Evidence(n, clip(p.text))
            if RUNTIME_PRESSURE.search(msg):
                self._pressure.append(ev)
                events.append(Event("warning", self._phase, n, ev.text, rank, "oom_runtime", _EMPTY, PRESSURE_HINT))
            elif "OOM" in msg or "memory" in msg or "in use" in msg:
                events.append(Event("warning", self._phase, n, ev.text, rank))
            elif CUDA_WARNED.test(msg, None) is not None:
                self._record(CUDA_WARNED.failure(msg), p, n, rank, events)  # names the cause if nothing better follows
            return

        fail = match_failure(msg, exc_type)
        if fail is None:
            if CONSEQUENCES.search(msg):
                fail = consequence(msg)
            elif exc_type is not None and m is not None and (m.group(2) or exc_type.endswith(("Error", "Exception"))):
                fail = self._unnamed(msg, exc_type)
            elif "NCCL WARN" in msg:  # often harmless; explains a crash that says nothing better
                events.append(Event("warning", self._phase, n, clip(p.text), rank))
                fail = NCCL_WARN.failure(msg)
        elif not fail.fatal and PHASE_INDEX[self._phase] >= PHASE_INDEX["warmup"] and fail.family != "oom":
            fail = self._unnamed(msg, exc_type)  # a bad request's error, not a bad launch (unless in warm-up)
        elif fail.rule == LOOSE_WORDS.name and not version_mismatch(msg) and Block.raised_in(self._block, "loop"):
            fail = self._unnamed(msg, exc_type)  # SGLang's own code failed while serving: no setting named
        if fail is not None:
            below = self._intro_at == n - 1
            fail = settle(fail, msg, exc_type, p.level, self._phase, self._block, stopping=self._stopping, below=below)
        if fail is not None:
            self._record(fail, p, n, rank, events)
        else:
            self._recent.append(Evidence(n, clip(p.text)))
            if "host memory" in msg and HOST_POOL_STEP.search(msg):
                self._host_pool_at = n

    def _add_frame(self, ev: Evidence, path: str, func: str, rank: str | None) -> None:
        if self._block is None or self._block.resolved:
            self._block = Block(None, rank, deque(maxlen=self._max_frames))
        self._block.frames.append((ev, frame_category(path, func)))

    def _apply(self, ms: Milestone, p: Parsed, n: int, rank: str | None, events: list[Event]) -> None:
        """Milestones, progress bars, memory figures and readiness: what `read_milestone` found, kept."""
        kind, phase, nums, progress, pool_ready, autotune = ms
        self._args_at = None
        if kind == "stopping":
            self._stopping = True
            return
        if kind == "batch":
            self._last_batch = n
            if not self._forward_seen:
                self._forward_seen = True
                self._batch_evidence = Evidence(n, clip(p.text))
            if self._phase == "ready":
                self._serving = True
                self._set_phase("serving", p, events)
            self._quiet_ok = self._serving
            return
        if pool_ready:
            self._pool_ready = True
        if autotune is not None:
            self._autotune = autotune
        self._set_phase(phase, p, events)
        bar = progress == "batch_size" or progress == "avail_mem_bytes"  # a capture bar, with its batch size or not
        if (kind == "step" and STARTED.match(p.msg)) or (bar and CAPTURE_DONE.search(p.msg)):
            self._started = Evidence(n, clip(p.text))
        if kind == "ready" or kind == "listening":
            self._mark_ready(p, n, events)
            return
        if not nums:
            return
        self._numbers.update(nums)
        if kind == "step":
            events.append(Event("memory", self._phase, n, clip(p.text), rank, None, nums))
        elif kind == "progress":
            value = nums[progress]
            if value != self._last.get(progress):
                self._last[progress] = value
                events.append(Event("progress", self._phase, n, clip(p.text), rank, None, nums))

    def _new_launch(self) -> None:
        """SGLang printed its arguments again: a relaunch in the same log. Keep only what is cumulative."""
        self._phase = "launching"
        self._pool_ready = self._autotune = self._forward_seen = self._serving = self._quiet_ok = False
        self._ready_at = None
        self._ready_evidence = self._batch_evidence = self._started = self._last_batch = self._host_pool_at = None
        self._servers = 1
        self._stopping = False
        self._best.clear()
        self._block = None
        self._pending = self._undo = None
        self._emitted_label = None
        self._fatal_seen = False
        self._numbers.clear()
        self._pressure.clear()
        self._last.clear()

    def _set_phase(self, phase: str, p: Parsed, events: list[Event]) -> None:
        self._phase_known = True
        if PHASE_INDEX[phase] > PHASE_INDEX[self._phase]:  # ranks interleave: the phase never goes back
            self._phase = phase
            events.append(Event("phase", phase, self._line_no, clip(p.text), p.rank))

    def _mark_ready(self, p: Parsed, n: int, events: list[Event]) -> None:
        # Reaching ready proves that whatever went before was not fatal; except a server of this launch that could not
        # bind its port (asyncio's words, printed by uvicorn or PD's bootstrap server): uvicorn's ends the HTTP server
        # before SGLang's warm-up thread asks the port, so whoever holds it answers, not this server.
        if any(r.fatal and HTTP_BIND_FAILED in r.detail for r in self._best.values()):
            return
        if self._servers > 1 and any(r.fatal for r in self._best.values()):
            return  # one of several servers started side by side is up; another's failure stands
        self._best.clear()
        self._block = None
        self._pending = self._undo = None
        self._emitted_label = None
        self._fatal_seen = False
        self._ready_at = n
        if self._phase == "ready" or self._ready_evidence is None:
            self._ready_evidence = Evidence(n, clip(p.text))
        if not self._ready_sent:
            self._ready_sent = True
            events.append(Event("ready", self._phase, n, clip(p.text), p.rank, None, state_numbers(self._numbers)))


HTTP_BIND_FAILED = "error while attempting to bind on address"


def classify_lines(lines: Iterable[str | bytes]) -> Diagnosis:
    """A whole log, for post-mortems and tests."""
    c = LogClassifier()
    for line in lines:
        c.feed(line)
    return c.diagnosis()


def classify_text(text: str | bytes) -> Diagnosis:
    """A whole log in memory: read oldest first (an export newest first is turned round, `order`)."""
    if isinstance(text, (bytes, bytearray)):
        text = decode(text)
    return classify_lines(oldest_first(text.split("\n")))

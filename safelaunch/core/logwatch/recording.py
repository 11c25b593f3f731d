"""Recording a failure and naming it: the classifier's cold path, kept apart from the per-line hot path.

`LogClassifier._observe` reads every line; only a line that `failures.match_failure` (or a traceback's
consequence) calls an error reaches `_record`, which labels it (`_label_for`: OOM, graph capture, exception,
KV and the plain families each take the phase, the traceback and the progress seen so far into account),
keeps the best record per tier and announces a failure event when the verdict changes. These methods live
here as a base class of `LogClassifier`, not as functions one call further down, so that the hot path pays
nothing for the split; the state they read and write is the classifier's, declared below for the reader.
"""

from __future__ import annotations

import re
from typing import Any

from .contract import PHASE_INDEX, Event, Evidence, clip
from .figures import failure_numbers, state_numbers
from .hints import hint_for
from .oom import OOM_FAMILIES, capture_inner_label, kv_label, resolve_oom
from .phases import LIKELY_PHASE
from .prefix import Parsed
from .rule import TIER_CAUSE, TIER_DISTRIBUTED, TIER_EXCEPTION, Failure
from .tracebacks import Block
from .unnamed import EXCEPTION, SIGKILLED, WARMUP_FAILED, exception_label
from .verdict import FAMILY_LABEL, UNKNOWN_YET, Record, decide, evidence_for

# A kernel that called trap() (DeepEP's, after it printed `DeepEP dispatch NVL receiver timeout, ...`) ends in CUDA's
# `unspecified launch failure`: when a communication kernel's timeout was just read, the CUDA error is its echo.
TRAPPED = "unspecified launch failure"
PEER_TIMEOUT = re.compile(r"(?i)timeout|timed out")


class FailureRecorder:
    """The failure half of `LogClassifier`: turns a matched failure into a labelled record and its event."""

    # The classifier's state these methods use (set in `LogClassifier.__init__`).
    _line_no: int
    _phase: str
    _phase_known: bool
    _pool_ready: bool
    _autotune: bool
    _forward_seen: bool
    _numbers: dict[str, Any]
    _last: dict[str, Any]
    _block: Block | None
    _best: dict[int, Record]
    _pending: Record | None
    _undo: tuple[Record | None, bool, bool] | None
    _emitted_label: str | None
    _fatal_seen: bool
    _ready_at: int | None
    _host_pool_at: int | None

    def _unnamed(self, msg: str, exc_type: str | None) -> Failure:
        """An exception no family names: fatal only where start-up itself raised it (the server's warm-up)."""
        block = self._block
        rule = WARMUP_FAILED if block is not None and "warmup" in block.categories() else EXCEPTION
        return rule.failure(msg, exc_type)

    def _exception_label(self, exc_type: str | None, text: str) -> str:
        return exception_label(exc_type, self._phase, self._block, phase_known=self._phase_known, text=text)

    def _record(self, fail: Failure, p: Parsed, n: int, rank: str | None, events: list[Event]) -> None:
        block = self._block
        label = self._label_for(fail, block)
        if label is None:
            return
        # what the record changes, to undo if its line proves to be half of a cut one (`_retract`)
        undo = (self._best.get(fail.tier), self._fatal_seen, block is not None and block.resolved)
        if block is not None and fail.tier > 0:
            block.resolved = True
        numbers = state_numbers(self._numbers)
        last_bs = self._last.get("batch_size")
        if last_bs is not None and (self._phase == "cuda_graph" or label == "oom_cuda_graph"):
            numbers["batch_size"] = last_bs
        if fail.family in OOM_FAMILIES:
            numbers.update(failure_numbers(p.msg))
        evidence = evidence_for(block, Evidence(n, clip(p.text)), fail.tier)
        phase = self._phase if self._phase_known else LIKELY_PHASE.get(label, self._phase)
        rec = Record(
            label, fail.tier, phase, rank, n, numbers, evidence, fail.detail[:4000], fail.family, fail.fatal, fail.rule,
            fail.exc_type,
        )  # fmt: skip
        if fail.tier > 0:
            self._undo = undo
            self._best[fail.tier] = rec  # within a tier the last error line decides
        elif 0 not in self._best or (self._best[0].label == "unknown" and label != "unknown"):
            self._best[0] = rec  # the first consequence is nearest to the cause (unless a later one names it)
        self._pending = rec if fail.tier > 0 else None
        if fail.fatal:
            self._fatal_seen = True

        # Announce a failure once it is evident (a fatal line), then each time the verdict changes.
        if not self._fatal_seen:
            return
        decided = decide(self._best, self._block, self._phase, self._numbers) or rec
        if self._emitted_label is None or (decided is rec and decided.label != self._emitted_label):
            self._emitted_label = decided.label
            hint = hint_for(decided.label, decided.numbers, decided.detail)
            if decided.label == "unknown":
                hint = UNKNOWN_YET
            events.append(
                Event("failure", self._phase, n, clip(p.text), decided.rank, decided.label, dict(decided.numbers), hint)
            )

    def _retract(self, line_no: int) -> None:
        """Forget the record made from a line that proved to be half of a wrapped one: the whole is read again."""
        rec, undo = self._pending, self._undo
        if rec is None or undo is None or rec.line_no != line_no or self._best.get(rec.tier) is not rec:
            return
        displaced, self._fatal_seen, resolved = undo
        if displaced is None:
            del self._best[rec.tier]
        else:
            self._best[rec.tier] = displaced
        if self._block is not None:
            self._block.resolved = resolved
        self._pending = self._undo = None

    def _port_taken(self) -> bool:
        return any(rec.label == "port_in_use" for rec in self._best.values())

    def _label_for(self, fail: Failure, block: Block | None) -> str | None:
        fam = fail.family
        if fam == "oom":
            if "Cuda failure" in fail.detail and not self._pool_ready and self._ready_at is None:
                # NCCL could not set up its buffers before SGLang took its pool: the GPU was already full of others'.
                # Once the pool is there, NCCL's buffers are one more need of the step that allocates them (by phase).
                return "nccl_or_distributed"
            return resolve_oom(
                fail.detail,
                block.categories(innermost_first=True) if block is not None else [],
                self._phase,
                phase_known=self._phase_known,
                pool_ready=self._pool_ready,
                autotune=self._autotune,
                capture_context=(block is not None and block.capture) or self._phase == "cuda_graph",
                forward_seen=self._forward_seen,
            )
        if fam == "cuda" and TRAPPED in fail.detail:
            waited = self._best.get(TIER_DISTRIBUTED)
            if waited is not None and self._line_no - waited.line_no <= 60 and PEER_TIMEOUT.search(waited.detail):
                return waited.label  # a communication kernel said its peer never came, then trapped: CUDA's echo
        if fam == "capture":
            if not fail.detail:
                # a capture hint printed after its error: an OOM just recorded was a graph-capture OOM
                if block is not None:
                    block.capture = True
                rec = self._best.get(4)
                if rec is not None and rec.family == "oom" and self._line_no - rec.line_no <= 8:
                    rec.label = "oom_cuda_graph"
                return None
            label = capture_inner_label(fail.detail)
            cause = self._best.get(TIER_CAUSE)
            near = cause is not None and self._line_no - cause.line_no <= 60
            if label == "oom_cuda_graph" and near and cause.label == "oom_moe_workspace":
                return cause.label  # the OOM's own traceback, just read, named a workspace (DeepGEMM's warm-up)
            if label == "nccl_or_distributed" and near and cause.label.startswith("oom_"):
                return cause.label  # `NCCL error: unhandled cuda error` whose cause NCCL itself printed: out of memory
            raised = self._best.get(TIER_EXCEPTION)
            near_raised = raised is not None and self._line_no - raised.line_no <= 60
            quoted = near_raised and raised.label == "nccl_or_distributed" and fail.detail.strip() in raised.detail
            if quoted and not label.startswith("oom_"):
                return raised.label  # the wrapper quotes the exception a collective raised in its capture step
            if label.startswith("oom_") and PHASE_INDEX[self._phase] >= PHASE_INDEX["warmup"]:
                return "oom_runtime"  # piecewise graphs also replay while serving
            return label
        if fam in ("exc", "config") and Block.raised_in(block, "port") and self._port_taken():
            return "port_in_use"  # SGLang's port helper said a port is taken, then failed on it (its own bug)
        if fam == "exc":
            return self._exception_label(fail.exc_type, fail.detail)
        if fam in ("cascade", "consequence") and SIGKILLED.search(fail.detail):
            # killed outright while start-up fills host memory: the host's OOM killer, the memory of that step
            if self._phase == "loading_weights":
                return "oom_weights"  # the weights, loaded through host memory
            if self._ready_at is None and self._host_pool_at is not None:
                return "oom_kv_cache"  # HiCache's host pool, which start-up said it was allocating
        serving = Block.raised_in(block, "loop")
        return kv_label(self._phase, serving) if fam == "kv" else FAMILY_LABEL.get(fam, "unknown")

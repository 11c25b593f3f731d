"""Failure rules for failures that name no cause: consequence markers and exceptions no family knows.

"Scheduler hit an exception", "Received sigquit", "core dumped" say *that* SGLang failed, not why: they
decide nothing while a cause is in the log (tier 0). So do the exceptions a process gets when the one at
the other end of its pipe or socket died (EOFError, BrokenPipeError, ConnectionResetError): a crash's
consequence, not its cause. An exception no rule names is judged by where it was raised: while capturing
graphs a kernel, in distributed set-up the network, in SGLang's token/KV slot allocators while serving the
pool; anywhere else it is `config_error`. The official label set (/work/shared/corpus/README.md: ten labels,
no `unknown`) has no place for "an exception we cannot name": the exception that aborted start-up or the
scheduler is the family whose remedy fits (the same launch fails the same way, a retry cannot fix it).
`unknown` stays for logs with no deciding event at all: nothing failed, a log cut before any error, only a
launcher's exit code, a bare signal or crash with no exception.
"""

from __future__ import annotations

import re

from .config import COMPILER, EXIT_REPORT, HOST_FS_EXC, is_code_path_exception, is_config_exception, refuses
from .contract import PHASE_INDEX
from .distributed import kv_transfer_label
from .rule import TIER_CONSEQUENCE, TIER_EXCEPTION, Failure, Rule, by_context, searching
from .tracebacks import Block

# Fatal markers that are consequences of an earlier cause: they say *that* it failed, not *why*.
CONSEQUENCES = re.compile(
    r"hit an exception"
    r"|Received sigquit from a child"
    r"|SIGQUIT received"
    r"|Initialization failed"
    # uvicorn's own end when the app's start-up raised (a worker's lifespan, after the parent bound the port and said
    # `Uvicorn running on`): `ERROR:    Application startup failed. Exiting.`
    r"|Application startup failed"
    r"|Exception in \w+:"  # Exception in ModelTpServer: / run_tp_server: / ModelRpcClient: (older releases)
    r"|Fatal Python error"
    r"|Aborted \(core dumped\)|Segmentation fault"
    r"|(?:^|\s)Killed(?:\s|$)"
    r"|Child process unexpectedly failed"
    # 0.5.x's launcher when a scheduler's pipe closes (`Rank 0 scheduler is dead. Please check if there are relevant
    # logs.`), and the exit status it prints on the next line (`Exit code: -9`)
    r"|scheduler is dead|^\s*Exit code: -?[1-9]\d*\s*$"
    # launchers and orchestrators reporting that the process they ran exited: torchrun (ChildFailedError, its
    # `failed (exitcode: 1)`), Slurm (`srun: error: host: task 0: Exited with exit code 1`, a cancelled step),
    # Open MPI, docker compose, Kubernetes (a restart back-off). The cause is in the process's own output.
    r"|[Ee]xited with (?:exit )?code -?[1-9]|ChildFailedError|failed \(exitcode: -?[1-9]"
    # (a step Slurm ended for its time limit or a preemption was stopped on purpose, not by a failure)
    r"|\*\*\* (?:STEP|JOB) [\d.]+ ON \S+ CANCELLED(?! AT \S+ DUE TO (?:TIME LIMIT|PREEMPTION))"
    r"|exited with non-zero status|returned a non-zero exit code"
    r"|Back-off restarting failed container|CrashLoopBackOff"
    # Ray reporting that an actor or worker it ran is dead (`ray.exceptions.ActorDiedError: The actor died unexpectedly
    # before finishing this task.`): its cause is in the actor's own lines before it, or Ray's reason after it
    r"|\b(?:ActorDiedError|RayActorError|ActorUnavailableError|WorkerCrashedError)\b"
    # systemd about the unit SGLang runs in: killed (status=9/KILL: often the host's OOM killer) or failed
    r"|Main process exited, code=(?:killed|dumped|exited, status=[1-9])|Failed with result '"
    # the exception a process gets when its peer is gone (see PEER_GONE)
    r"|^\s*(?:[\w.]+\.)?(?:EOFError|BrokenPipeError|ConnectionResetError|ConnectionAbortedError)\b"
    # a harness's report of the exit status (config.EXIT_REPORT)
    r"|" + EXIT_REPORT.pattern
)
# A process ended by SIGKILL, as the launchers report it (`exit code: -9`, 0.4's SIGCHLD handler's raw `exit code 9`,
# torchrun's `exitcode: -9`, systemd's `status=9/KILL`). While the weights load into host memory that is the host's
# OOM killer by far (the recorder labels it so there); anywhere else it is a guess, and stays a death report.
SIGKILLED = re.compile(r"(?i:exit ?code:? -?9\b)|status=9/KILL")
# The exception a process gets when the one at the other end of its pipe or socket is gone (a scheduler that died,
# an HTTP client that left): a consequence, and not fatal on its own (a client leaving a serving server is routine).
PEER_GONE = re.compile(r"^\s*(?:[\w.]+\.)?(?:EOFError|BrokenPipeError|ConnectionResetError|ConnectionAbortedError)\b")

CONSEQUENCE = Rule("unnamed.consequence", "consequence", TIER_CONSEQUENCE, searching(CONSEQUENCES))
PEER_GONE_EXCEPTION = Rule("unnamed.peer_gone", "consequence", TIER_CONSEQUENCE, searching(PEER_GONE), fatal=False)


def consequence(msg: str) -> Failure:
    """The consequence a line reports: a dead peer's exception is not fatal alone (a client leaving a serving server
    is routine); the others (a sigquit, a crash, a launcher's exit code) say that SGLang itself failed."""
    return (PEER_GONE_EXCEPTION if PEER_GONE.search(msg) else CONSEQUENCE).failure(msg)


# An exception line (`SomeError: text`) that no family's rule names; the classifier decides when it applies.
EXCEPTION = Rule("unnamed.exception", "exc", TIER_EXCEPTION, by_context, fatal=False)
# Any exception in the server's warm-up (its first request to itself, after uvicorn is up): start-up did not
# finish, whatever the exception's type, so it is fatal even though uvicorn already said it was listening.
WARMUP_FAILED = Rule("unnamed.warmup_failed", "exc", TIER_EXCEPTION, by_context)

# A process group looked up before anyone created it: no rank communicated, a code path (often another
# package's layer, of another version, calling its own parallel state) expects a set-up SGLang never does.
NOT_INITIALISED = re.compile(r"group (?:is|has) not (?:been )?initiali[sz]ed")
# What the network or a peer rank says (a store, a socket, a collective, a timeout): raised in distributed set-up, such
# words are the transport's, even where they also say `expected` or `invalid`. Without them, an exception there that
# refuses the launch's sizes is SGLang checking the parallel settings, configuration: an argument check's type whose
# words refuse (`ValueError: len(partitions)=3 does not match pp_size=4.`), or any type comparing a named size
# (`RuntimeError: world_size (4) is less than tensor_parallel_degree (2) x ... sequence_parallel_degree (4)`).
NETWORK_WORDS = re.compile(
    r"(?i)nccl|gloo|socket|store|connect|timed? ?out|peer|rendezvous|address|\bport\b|network|recv|send|response"
)
SIZE_CHECK = re.compile(
    r"\w\)?\s?(?:=\s?|\()\d+\)? (?:is (?:less|greater|larger|smaller) than|does not match|must be|is not divisible)"
)


# CUDA's own Python API (torch.cuda: graphs, streams, memory): an exception raised there is CUDA's, whatever its type.
CUDA_API = re.compile(r"torch/cuda/")


def exception_label(exc_type: str | None, phase: str, block: Block | None, *, phase_known: bool, text: str = "") -> str:
    """An exception no pattern names, judged by where it was raised (and, for two families, what it says).

    Before the weights are in, what fails is the arguments, the checkpoint or the environment; while
    capturing graphs it is a kernel, unless Python's own exception for code that does not fit its values or
    API (a TypeError from a model calling its attention backend of another version) was raised outside CUDA's
    API; in the token/KV slot allocators while serving, the pool. Anywhere else (the serving loop included) it
    is `config_error`: an exception that killed the scheduler is a deciding event, and the official labels
    have no `unknown` for it (see the module docstring).
    """
    cats = set(block.categories()) if block is not None else set()
    importing = block is not None and block.importing()
    if "build" in cats or COMPILER.search(exc_type or ""):
        return "config_error"  # a kernel built at run time that failed to build (or had no compiler, headers, tool)
    if importing:
        return "config_error"  # a module failed to import: the installation (a package, a library, a version)
    if "warmup" in cats:
        return "config_error"  # the server's request to itself failed or was refused (a proxy in the environment)
    if "capture" in cats:
        inner = next((c for c in block.categories(innermost_first=True) if c is not None), None) if block else None
        if inner == "distributed":
            return "nccl_or_distributed"  # a collective's own step of the capture (custom all-reduce's graph buffers)
        innermost = block.innermost_path() if block is not None else ""
        if HOST_FS_EXC.match(f"{exc_type}: {text}"):
            return "config_error"  # the host's disk (a compile or kernel cache it cannot write), not the GPU
        refused = is_code_path_exception(exc_type) or refuses(text)
        return "config_error" if refused and not CUDA_API.search(innermost) else "cuda_error_other"
    if "setup" in cats and not cats & {"loop", "runtime"}:
        return "config_error"  # raised while reading the arguments or the model's config: nothing ran on a GPU
    if "kv_transfer" in cats:
        return kv_transfer_label(exc_type, text)  # PD's transport, before or after ready (even in the loop)
    if "kv_alloc" in cats and ("loop" in cats or PHASE_INDEX[phase] >= PHASE_INDEX["ready"]):
        return "oom_runtime"  # SGLang's token/KV slot allocators gave up on a batch while serving
    if "loop" in cats or PHASE_INDEX[phase] >= PHASE_INDEX["warmup"]:
        return "config_error"  # the scheduler's loop died on it: no family, and the same launch fails the same way
    if "distributed" in cats:
        sizes = (is_config_exception(exc_type) and refuses(text)) or SIZE_CHECK.search(text) is not None
        settings = sizes and NETWORK_WORDS.search(text) is None
        return "config_error" if NOT_INITIALISED.search(text) or settings else "nccl_or_distributed"
    if phase_known and PHASE_INDEX[phase] <= PHASE_INDEX["loading_weights"]:
        return "config_error"
    if "weights" in cats or is_config_exception(exc_type) or is_code_path_exception(exc_type) or refuses(text):
        # ... or its type is Python's own for code that does not fit (a name a backend never defined on this device),
        # or whatever its type, it says the launch asked for what the code refuses
        return "config_error"
    return "cuda_error_other" if phase_known else "config_error"

"""Failure rules, configuration family: bad arguments, a model that cannot be found or loaded, an unsupported
quantization or GPU. A retry will not help, so the supervisor gives up at once, quoting SGLang's line.

SGLang's and Hugging Face's own sentences are decisive anywhere, and so are a GPU that lacks a dtype the
arguments need, a run-time kernel build without its tools, a kernel with no variant for the model's shape, and
one with no variant for this GPU (no binary for its architecture, a tile larger than its shared memory).
Looser words ("must be divisible", "not supported", "has no attribute": one package calling another of a
different version) count only on the exception line of a ValueError-like exception, and not as fatal alone; inside
SGLang's serving loop only the version-mismatch words among them still name the installation (the others are
SGLang's own code failing on a value). An environment that lacks a package or the start method counts on any
exception line, whatever its type (torch and Starlette raise these as RuntimeError). So do a build toolchain that
fails (a compiler or linker run at run time) and an interpreter that cannot start SGLang at all (`python -m`).
"""

from __future__ import annotations

import re

from .rule import TIER_CAUSE, Rule, searching

CONFIG = re.compile(
    r"error: (?:unrecognized arguments|ambiguous option|argument |the following arguments are required|invalid choice)"
    r"|is not a local folder and is not a valid model identifier|Repo id must|HFValidationError"
    r"|RepositoryNotFoundError|GatedRepoError|gated repo|Cannot find any model weights|No model weights found"
    r"|does not appear to have a file named|Can't load tokenizer|Failed to load the tokenizer"
    r"|`trust_remote_code=True`|contains custom code which must be executed"
    r"|is not a valid git identifier|Incorrect path_or_model_id|LocalEntryNotFoundError"
    r"|are not supported for now|Unknown quantization method|does not match the quantization method"
    r"|quantization is currently not supported|is not supported for the current GPU"
    r"|is not supported for quantization method|less than the minimum required version"
    r"|with minimum required version \S+ is not installed|Unrecognized model|model type .{1,80} not recognized"
    r"|does not recognize this architecture|couldn't connect to 'https://huggingface.co'"
    r"|Can't load the configuration|correct path to a directory containing"
    r"|40[134] Client Error|Repository Not Found|SafetensorError|Error while deserializing header"
    r"|only supported on GPUs with compute capability"
    # the GPU generation lacks a dtype or kernel the arguments ask for
    r"|not supported (?:in|on) this (?:architecture|GPU|device)|not supported on (?:sm_?\d+|gfx\d+)"
    # a kernel or extension that must be built at run time, without its build tools or headers
    r"|Ninja is required|Ninja build failed|Command '\['ninja'|CUDA_HOME environment variable is not set"
    r"|nvcc fatal|ninja: build stopped|[Ff]ailed to find (?:a )?C(?:\+\+)? compiler"
    # uvicorn could not bind `--host`:`--port` for a reason other than a taken port (the port family reads `[Errno
    # 98]` first): `[Errno 99] ... cannot assign requested address`, a host that is not this machine's
    r"|error while attempting to bind on address"
    # ... which uvicorn logs as the bare OSError it got (`logger.error(exc)`, then it exits): a host name that does not
    # resolve (`[Errno -2] Name or service not known`), an address family the host lacks; its whole message
    r"|^\[Errno -?\d+\] "
    # SGLang's check, before the weights, that every rank's GPU has about as much free memory (raised: 0.4.0's
    # ValueError, 0.5.10's RuntimeError; 0.4.6 only warns, `benign`): other processes hold the GPUs, or they differ
    r"|memory capacity is unbalanced"
    # the container runtime cannot start the container's command (flags passed as the image's command, a wrong
    # entrypoint): `exec: "--model-path": executable file not found in $PATH`
    r"|exec: \"[^\"]*\": executable file not found in \$PATH"
    r"|fatal error: [\w/.]+\.c?u?h: No such file or directory"
    # a kernel with no variant for this model's shape (FlashInfer's dispatch of head_dim, group size, ...)
    r"|failed to dispatch (?:head_dim|group_size|page_size|pos_encoding|data type)"
    # a compiled op called with another version's signature (SGLang and FlashInfer / sgl-kernel out of step)
    r"|is missing value for argument '\w+'\. Declaration|[Ee]xpected at most \d+ argument\(s\)"
    # a kernel's host-side check on the model's shapes (TORCH_CHECK, FlashInfer's "Error in function 'f' at file:N:")
    r"|(?:Runtime check failed|Check failed|Error in function '\w+' at \S+)\W.{0,200}"
    r"(?:not divisible|must be divisible|not supported|[Uu]nsupported|Invalid configuration)"
    # a bare error report (not a logged, caught import) that a package is missing or must be installed: a launcher's
    # or SGLang's one-line `Error: No module named 'outlines.fsm.regex'. Please install ...`, or a message (after its
    # `ERROR:` level) that starts with it. Not "Ignore import error when loading X: No module named 'y'".
    r"|^\s*(?:(?:Error|ERROR|error): .{0,200}?)?(?:No module named|[Pp]lease (?:re)?install\b)"
)
# The GPU generation a kernel or backend requires (`requires Hopper`, `Requires SM90+`, `requires GPUs with sm75 or
# higher`, `requires compute capability`): only on an exception line (or inside the capture wrapper, `oom`), since
# SGLang logs the same words where it falls back and goes on (0.5.23's `NVFP4 w4a4 requires compute capability >= 10.0;
# serving this checkpoint weight-only via FP4 Marlin instead`, `LPLB fused solver disabled: ... (requires Hopper or
# newer)`).
GENERATION = re.compile(
    r"[Rr]equires (?:an? |GPUs? with (?:an? )?)?(?:Hopper|Blackwell|Ampere|Ada|SM ?\d+|sm_?\d+|compute capability)\b"
)
# A build toolchain that fails: a C/C++/CUDA compiler, linker or build tool run by Triton (its driver stub, built
# with the host's C compiler and linked against libcuda on first use), torch's cpp_extension, FlashInfer's JIT or
# pip: subprocess's `Command '['/usr/bin/gcc', ...]' returned non-zero exit status 1`, ld's `cannot find -lcuda`,
# collect2's `ld returned 1 exit status`, setuptools' `error: command '/usr/bin/gcc' failed`. The host lacks a
# compiler, a header or a library the build needs: the environment, so the same launch fails the same way.
_TOOL = r"(?:[\w.+-]*-)?(?:gcc|g\+\+|cc|c\+\+|clang(?:\+\+)?|nvcc|hipcc|ld(?:\.\w+)?|ninja|cmake|make)(?:-[\d.]+)?"
BUILD = re.compile(
    rf"Command '\['(?:[^',]*/)?{_TOOL}'[^\]]*\]' (?:returned non-zero exit status|died with)"
    rf"|\bcannot find -l[\w.+-]+|collect2: error: ld returned|error: command '(?:[^']*/)?{_TOOL}' failed"
)
# SGLang caught it while importing one model's module and went on without that model ("Ignore import error when
# loading sglang.srt.models.X. <error>"): it decides only when SGLang then dies (that model was the one asked for).
CAUGHT = "Ignore import error"
# Python's own report when `python -m sglang.launch_server` cannot even start SGLang (runpy, before any of
# SGLang's code runs): `<interpreter>: Error while finding module specification for 'sglang.launch_server'
# (ModuleNotFoundError: No module named 'sglang')`, `<interpreter>: No module named sglang.launch_server`, a
# script that is not there, a package without `__main__`. SGLang is not installed for that interpreter.
INTERPRETER = re.compile(
    r"^\s*\S*python[\w.-]*: (?:Error while finding module specification for |No module named "
    r"|can't open file |.{1,200} is a package and cannot be directly executed)"
    # ... or no interpreter at all: the shell's `python3: command not found`, Windows' app-alias stub (`Python was not
    # found; run without arguments to install from the Microsoft Store`)
    r"|^\s*(?:\S+: )?(?:line \d+: )?python[\w.-]*: (?:command )?not found|^\s*Python was not found; run without"
    # ... or the dynamic loader could not start it (or a process SGLang starts: a rank re-exec'd with a preload hook):
    # `/opt/venv/bin/python: error while loading shared libraries: libcudart.so.13: cannot open shared object file`
    r"|^\s*\S+: error while loading shared libraries: "
)
# A kernel's own host-side check of its inputs (Ascend's operators log `[ERROR][FusedDeepMoe] batchSize(bs) must <=
# 256.` then `[ERROR][FusedDeepMoe] CheckData failed.`): the launch's sizes exceed what the kernel supports. Logged,
# not raised, so it decides only when SGLang then dies.
KERNEL_CHECK = re.compile(r"^(?:\[ERROR\])?\[[A-Z]\w+\] (?:\w[\w()]* must (?:<=|>=|<|>|==|!=|be )|CheckData failed)")
# A kernel with no variant for this GPU: the build has no binary for its architecture, or the kernel's tile
# needs more on-chip resources (shared memory, registers) than the chip has. CUDA and Triton name these as
# errors, but the GPU and the build do not fit each other: a retry or a memory setting will not change that.
NO_VARIANT = re.compile(
    r"no kernel image is available|cudaErrorNoKernelImageForDevice|hipErrorNoBinaryForGpu"
    r"|OutOfResources|out of resource: [\w ]+, Required: \d+"
    # ROCm's loader finds no kernel symbol for this GPU in the installed kernels (a build for another gfx arch)
    r"|Cannot find Symbol with name|hipErrorSharedObjectSymbolNotFound"
    # an operator with no kernel for this dtype: torch's `"cat_cuda" not implemented for 'UInt64'`, CANN's `tensor 0
    # not implemented for DT_UINT64, should be in dtype support list [...]` (printed under the `NPU function error`
    # that the CUDA family reads; as the later line of the same tier, it decides)
    r"|not implemented for (?:DT_\w+|'\w+')|should be in dtype support list"
    # a kernel library's dispatch finding no kernel for these shapes or this chip (aiter's `cannot find suitable
    # kernel`)
    r"|(?:cannot|can't|could not|couldn't) find (?:a |any )?suitable kernel"
    # the host CPU's side of the same mismatch: native code built for instructions this CPU lacks (AVX-512, AMX)
    # killed by SIGILL, in each reporter's words (CPython's fatal-error line, the shell's, systemd's status, SGLang's
    # launcher's and torchelastic's exit status). A GPU's illegal instruction is a CUDA error raised, not this signal.
    r"|Fatal Python error: Illegal instruction|Illegal instruction\s+\(core dumped\)|status=4/ILL"
    r"|^\s*Exit code: -4\s*$|\(exit ?code: -4\)|Signal 4 \(SIGILL\)"
)
# A library built or set up without support for the device it is handed (`UCX is likely not configured with CUDA
# support`, `Torch not compiled with CUDA enabled`, `built without ROCm support`): the installation, not the link or
# the GPU. Often logged before the exception it causes, so it decides only when SGLang then dies.
BUILT_WITHOUT = re.compile(
    r"\bnot (?:configured|compiled|built) with (?:\w+ )?(?:CUDA|GPU|ROCm|HIP|NCCL|RDMA|NPU)(?: support| enabled)?"
    r"|\b(?:compiled|built) without (?:\w+ )?(?:CUDA|GPU|ROCm|HIP|NCCL|RDMA|NPU) support"
)
# It counts only where the library reports it as its error: on an exception line, or a line at an error level (glog's
# `E0608 10:49:50.145396 474 ucx_utils.cpp:592]`, `[ERROR]`, `ERROR:`). A probe that says why it could not read the GPU
# and goes on (FlashInfer's levelless `Failed to get device capability: nvcc not found and PyTorch is not built with
# CUDA support.`, at every start on ROCm, where torch is built for HIP) is no installation's fault.
ERROR_LEVEL = re.compile(r"\s*(?:[EF]\d{4} \d|\[?(?:ERROR|FATAL|CRITICAL)\b)")
# The dtypes SGLang hands its attention backend do not fit what the backend was planned or built for: FlashInfer's
# plan/run check (`The dtype of k torch.float8_e4m3fn does not match the kv_data_type torch.uint8 specified in plan
# function.`: a KV cache dtype, or an activation dtype, the backend path was not planned with), flash-attn's and
# sgl-kernel's FA3 checks, torch SDPA's. A KV cache dtype, activation dtype or attention backend that do not go
# together (or a backend of another version): the same launch fails the same way, so a retry will not help.
BACKEND_DTYPE = re.compile(
    r"does not match the \w+_data_type\b"
    r"|(?:query|key) and (?:key|value) must have the same dtype|to have the same dtype, but got query\.dtype"
    r"|FlashAttention only supports? [\w, ]*?(?:fp16|FP16)[\w, ]* data types?|FlashAttention only supports? Ampere"
)
# A process's exit status as whoever ran it reports it (a test harness's `AssertionError: expected return code 0, but
# test_x.py returned 1`, `... exited with return code -9`): the consequence of a failure printed before it.
EXIT_REPORT = re.compile(
    # (not a call's errno with its name, `returned 113(No route to host)`, as NCCL's socket warnings print it)
    r"\breturned (?:exit )?(?:code |status )?-?[1-9]\d*\b(?!\()|\b(?:return|exit) (?:code|status):? -?[1-9]\d*\b"
)
CONFIG_EXC = re.compile(
    r"not divisible|must be divisible|divisible by|[Nn]ot supported|[Uu]nsupported|No module named"
    r"|No such file or directory|does not exist|not found|couldn't find|[Ii]nvalid|must be|should be|cannot be"
    r"|exceeds|greater than|larger than|less than|smaller than|expected|does not match"
    r"|has no attribute|cannot import name|unexpected keyword argument|takes \d+ positional argument"
    r"|missing \d+ required positional"
    # the code refusing what it was asked for, in its own words: `LoRA serving currently doesn't support DoRA adapters`,
    # `SGLang only supports sm75 and above`, `SM120 GEMM only supports nvfp4`, `... currently supports topk <= 1 only`
    r"|(?:does not|doesn't|do not|don't|cannot) support\b|only supports?\b|\bsupports? [^.]{1,60}? only\b"
)
# Python's interpreter wording for an operator or a format applied to the wrong types (see `without_operator_words`).
PYTHON_OPERATOR = re.compile(
    r"unsupported operand type\(s\)|not supported between instances of|unsupported format (?:string|character)"
)
# One installed package calling another of a different version: a missing module, op, attribute or argument. Unlike
# the looser words above, these still name the installation when SGLang's serving loop raises them; a value that is
# None where the code expected one (`'NoneType' object has no attribute`) is SGLang's own bug, not a version.
VERSION_MISMATCH = re.compile(
    r"(?<!'NoneType' object )has no attribute|cannot import name|unexpected keyword argument"
    r"|takes \d+ positional argument|missing \d+ required positional|No module named"
)
# The environment lacks what the launch needs: a package (`Form data requires "python-multipart" to be installed`,
# `No module named 'x'`, `Please install x`), the start method (CUDA cannot start in a forked child), a variable it
# must set, host memory, or a host limit on threads or files. Whatever the exception's type, a retry will not help.
ENVIRONMENT = re.compile(
    r"(?:requires|needs) [\w\"'.-]+ to be installed|\b(?:is|are) not installed"
    r"|No module named|[Pp]lease (?:re)?install\b"
    r"|Cannot re-initiali[sz]e CUDA in forked subprocess|must use the 'spawn' start method"
    # a setting the environment must carry and does not (`Config file path not set. Please set SGLANG_X_PATH`)
    r"|\bnot set\W{1,3}[Pp]lease set\b|[Ee]nvironment variable [A-Z][A-Z0-9_]+ (?:is )?not set"
    r"|[Pp]lease set (?:the )?environment variable"
    # the host's own RAM, which a setting sizes (HiCache's host pool, a pinned staging buffer): not the GPU's
    r"|check host memory availability|[Nn]ot enough host memory"
    # a limit of the host's on threads, processes or open files (a pids cgroup, `ulimit -u` / `-n`): Python's `can't
    # start new thread`, `Too many open files`, whichever step and exception type meet it
    r"|can't start new thread|[Tt]oo many open files"
)
# The host refusing where a process is placed (sgl-kernel's CPU threads bound to cores outside the container's cpuset:
# `what():  sched_setaffinity failed. errno: 22`; a NUMA binding): the bind list or the host, whatever prints it.
PLACEMENT = re.compile(r"\b(?:sched_setaffinity|pthread_setaffinity_np|numa_\w+) failed")
# A compiler that could not build a kernel or a graph for this model or software: Triton's and inductor's errors
# (`CompilationError`, inductor's compile workers' `SubprocException`, `InductorError`), dynamo tracing what it cannot
# (`Data-dependent branching`, `recompile_limit reached`, any `torch._dynamo.exc.*`), or no working Triton for
# inductor. Raised where SGLang first runs the kernel (a capture), but the same launch fails the same way:
# configuration, not a GPU fault. (ptxas refusing the GPU's architecture is not here: a CUDA toolchain older than the
# GPU, the CUDA family's version mismatch.)
COMPILER = re.compile(
    r"\b(?:CompilationError|CompileError|BackendCompilerFailed|InductorError|LoweringException|SubprocException)\b"
    r"|torch\._dynamo\.exc\.\w+|recompile_limit reached"
    r"|[Dd]ata-dependent (?:branching|expression|operator)|GuardOnDataDependent|working [Tt]riton installation"
)
# "Capture cuda graph failed: OSError: [Errno 28] No space left on device" - the host's file system (torch.compile's
# inductor cache, Triton's or DeepGEMM's kernel cache on a full, read-only or foreign-owned disk): neither memory nor
# the GPU; the same launch fails the same way until the disk or the cache path is fixed.
HOST_FS_EXC = re.compile(
    r"\s*(?:OSError|PermissionError|FileNotFoundError|IsADirectoryError|NotADirectoryError|FileExistsError)\b"
    r"|No space left on device|Read-only file system|Disk quota exceeded"
)
CONFIG_EXC_TYPES = frozenset(
    {
        "ValueError",
        "AssertionError",
        "NotImplementedError",
        "FileNotFoundError",
        "OSError",
        "ImportError",
        "ModuleNotFoundError",
        "KeyError",
        "ArgumentError",
        "ArgumentTypeError",
        "TypeError",
        "AttributeError",
        "SystemExit",
    }
)


# Python's own exceptions for code that does not fit the values or the API it was handed (a model's forward calling
# its attention backend of another version, a return value of another shape): the code path, not the GPU.
CODE_PATH_EXC_TYPES = frozenset(
    {"TypeError", "AttributeError", "KeyError", "IndexError", "NameError", "AssertionError", "ValueError"}
    # ValueError's own kind for a file that does not parse (a tuned kernel config, a JSON setting): read in a GPU
    # phase, it is still the file's content, not the GPU
    | {"JSONDecodeError"}
)


def is_code_path_exception(exc_type: str | None) -> bool:
    """Whether an exception's type is Python's own for code that does not fit its values or API."""
    return (exc_type or "").rsplit(".", 1)[-1] in CODE_PATH_EXC_TYPES


def is_config_exception(exc_type: str | None) -> bool:
    """Whether an exception's type is one that argument and environment checks raise."""
    return (exc_type or "").rsplit(".", 1)[-1] in CONFIG_EXC_TYPES


def _device_ordinal(msg: str, exc_type: str | None) -> str | None:
    return msg if "invalid device ordinal" in msg else None


def without_operator_words(msg: str) -> str:
    """The message without Python's own TypeError wording for an operator on the wrong types (`unsupported operand
    type(s) for -: 'Tensor' and 'NoneType'`, `'<' not supported between instances of ...`): a value was None or
    of the wrong type in the code, which says nothing about a capability the launch asked for."""
    return PYTHON_OPERATOR.sub("", msg) if "support" in msg else msg


def _build_failed(msg: str, exc_type: str | None) -> str | None:
    return msg if CAUGHT not in msg and BUILD.search(msg) else None


def _caught_build_failed(msg: str, exc_type: str | None) -> str | None:
    return msg if CAUGHT in msg and BUILD.search(msg) else None


def _built_without(msg: str, exc_type: str | None) -> str | None:
    said = exc_type is not None or ERROR_LEVEL.match(msg) is not None
    return msg if said and BUILT_WITHOUT.search(msg) else None


def refuses(msg: str) -> bool:
    """Whether a message's own words refuse what the launch asked for (`not supported`, `must be`, `doesn't
    support`, ...), Python's operator wording aside (`without_operator_words`). A report of another process's exit
    status refuses nothing, whatever its words (`expected return code 0, but ... returned 1`): it is a consequence."""
    return CONFIG_EXC.search(without_operator_words(msg)) is not None and EXIT_REPORT.search(msg) is None


def _config_exception(msg: str, exc_type: str | None) -> str | None:
    ok = exc_type is not None and is_config_exception(exc_type) and refuses(msg)
    return msg if ok else None


def _generation(msg: str, exc_type: str | None) -> str | None:
    return msg if exc_type is not None and GENERATION.search(msg) else None


def _backend_dtype(msg: str, exc_type: str | None) -> str | None:
    return msg if exc_type is not None and BACKEND_DTYPE.search(msg) else None


def _environment(msg: str, exc_type: str | None) -> str | None:
    return msg if exc_type is not None and ENVIRONMENT.search(msg) else None


def version_mismatch(msg: str) -> bool:
    """Whether an exception's words name two installed packages out of step (not a bug in SGLang's own code)."""
    return VERSION_MISMATCH.search(msg) is not None


MESSAGE = Rule("config.message", "config", TIER_CAUSE, searching(CONFIG))
PLACEMENT_REFUSED = Rule("config.placement", "config", TIER_CAUSE, searching(PLACEMENT))
GPU_GENERATION = Rule("config.gpu_generation", "config", TIER_CAUSE, _generation)
INTERPRETER_CANNOT_START = Rule("config.interpreter", "config", TIER_CAUSE, searching(INTERPRETER))
BUILD_FAILED = Rule("config.build_failed", "config", TIER_CAUSE, _build_failed)
# Caught and logged by SGLang's model registry, which goes on: not fatal alone (the server may serve other models).
CAUGHT_BUILD_FAILED = Rule("config.build_failed_caught", "config", TIER_CAUSE, _caught_build_failed, fatal=False)
KERNEL_INPUT_CHECK = Rule("config.kernel_check", "config", TIER_CAUSE, searching(KERNEL_CHECK), fatal=False)
BUILT_WITHOUT_SUPPORT = Rule("config.built_without", "config", TIER_CAUSE, _built_without, fatal=False)
# Tried before the CUDA family: "CUDA Error: no kernel image is available" is CUDA's wording of a build mismatch.
NO_KERNEL_VARIANT = Rule("config.no_kernel_variant", "config", TIER_CAUSE, searching(NO_VARIANT))
# More GPUs asked for (--tp, --base-gpu-id) than are visible: CUDA's words, a configuration's cause.
DEVICE_ORDINAL = Rule("config.device_ordinal", "config", TIER_CAUSE, _device_ordinal)
# On an exception line only (a caught error logged as a warning has the same words), but decisive even in the serving
# loop: the scheduler's forward raised it, so the scheduler died; SGLang's own code did not fail on a value.
BACKEND_DTYPE_MISMATCH = Rule("config.backend_dtype", "config", TIER_CAUSE, _backend_dtype)
# On an exception line only: a caught, logged error has the same words (and the loop may still be serving).
MISSING_FROM_ENVIRONMENT = Rule("config.environment", "config", TIER_CAUSE, _environment, fatal=False)
EXCEPTION = Rule("config.exception", "config", TIER_CAUSE, _config_exception, fatal=False)

"""One-liners: the 1-6 lines an issue reporter quotes instead of a log (a helper, blind).

Scope: "I get this error:" followed by only the last exception line, or the last line with one or two lines above it
(a frame, the `raise Exception(` line, SGLang's "Possible solutions:" list, the launcher's sigquit line); an
exception line inside backticks; the final line of a long traceback with no frames; SGLang's own one-line summaries
("Not enough memory. ...", "Prefill out of memory. ...", "TP rank N could finish the model loading, ...", "Port is
already in use. ..."); a single NCCL/torch line; a paste wrapped mid-word. No start-up lines at all, so nothing in an
excerpt says how far start-up got except the quoted words and frames themselves. Every label is covered: each OOM
kind in its own words (capture, KV pool incl. a negative profiled token count, weight creation incl. MoE expert
weights, fused-MoE / FlashInfer workspace, serving), NCCL / gloo / rank cascades, HTTP / ZMQ / TCPStore ports,
argument / architecture / dtype / GPU-generation errors, CUDA runtime faults (CUDA and ROCm spellings, a driver too
old). Five healthy contrasts quoted alone: 0.4.6's "Decode out of memory happened" retraction, 0.5.5's "KV cache pool
is full. Retract requests.", a decode line at token usage 1.00, 0.4.6's context-length warning that names "CUDA
errors", 0.5.2's "Using default MoE kernel config" warning.

Sources: messages copied from the named release's wheel (sglang 0.4.3.post2, 0.4.6.post5, 0.5.2, 0.5.5; file:line
under sglang/srt/), from the library that prints them (torch's CUDA / c10d / allocator text, uvicorn, pyzmq,
flashinfer include/flashinfer/allocator.h, Triton) or from the public thread cited (its reporter's lines, some format
fields filled with plausible values). Frame line numbers of torch internals are approximate.

Labelling policy (decided before the classifier ran; /work/shared/corpus/README.md and the task's spec): label by what
the quoted lines show. Where they cannot tell the phase, `why` says so and the label follows the words: a KV-pool
shortfall (the "Not enough memory" sentence, a negative profiled token count) is `oom_kv_cache`; an OOM whose frames
are weight creation (`create_weights`, including MoE expert parameters) is `oom_weights`; an OOM in a fused-MoE
intermediate buffer or a FlashInfer workspace overflow is `oom_moe_workspace` (the remedy is the workspace / chunk
size, not TP); "Capture cuda graph failed:" decides `oom_cuda_graph` only when the inner error is an OOM, otherwise
the inner error decides (gloo -> `nccl_or_distributed`, illegal memory access -> `cuda_error_other`); SGLang's
"Prefill/Decode out of memory. Try to lower your batch size." (token slots exhausted while a batch runs) is
`oom_runtime`, unlike the retraction line "Decode out of memory happened." which is `healthy`; "no kernel image is
available" is the corpus's unsupported architecture (`config_error`); a ROCm/HIP fault is labelled as its CUDA twin.

First sight: 31/35 (4 misses, strict xfails below; no healthy case fired a failure event, EVENT_XFAIL is empty):
- healthy_context_length_warning -> unknown: 0.4.6's lone "Warning: User-specified context_length (...) is greater
  than the derived context_length (...). This may lead to incorrect model outputs or CUDA errors." line;
- healthy_default_moe_kernel_config -> unknown: 0.5.2's lone "Using default MoE kernel config. Performance might be
  sub-optimal! Config file not found at ..." line (both: a known warning quoted alone is not recognised as benign,
  while the retraction and token-usage lines are);
- moe_fused_experts_cache_oom -> oom_runtime: a torch OOM under the `fused_experts_impl` / `cache = torch.empty(`
  frame of fused_moe.py (the MoE intermediate buffer is read as a plain serving OOM);
- nccl_warn_socket_poll_connect -> unknown: NCCL's own "misc/socket.cc:533 NCCL WARN socketPollConnect: Connect to
  ... returned 113(No route to host)" line quoted alone.
"""

# ruff: noqa: E501  (log lines are data)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import first_sight


class Template(NamedTuple):
    version: str
    source: str
    label: str
    why: str
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    assert 1 <= len(log.strip("\n").split("\n")) <= 6, name
    CASES[name] = Template(version, source, label, why, log)


PY312 = "/usr/local/lib/python3.12/dist-packages"
PY310 = "/usr/local/lib/python3.10/dist-packages"
ALLOC_TAIL = (
    "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to "
    "avoid fragmentation.  See documentation for Memory Management  "
    "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)
CUDA_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
)


# ------------------------------------------------------------------------------------------------ oom_cuda_graph
case(
    "graph_capture_oom_under_raise_frame",
    "0.4.5",
    "https://github.com/sgl-project/sglang/issues/5285 (cuda_graph_runner.py:269 `raise Exception(`)",
    "oom_cuda_graph",
    "the capture wrapper's raise frame and its message: the inner error of the capture is a CUDA OOM",
    '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 269, in __init__\n'
    "    raise Exception(\n"
    "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 448.00 MiB. GPU 7 has a total "
    "capacity of 95.00 GiB of which 301.06 MiB is free. Process 49112 has 94.69 GiB memory in use. Of the allocated "
    "memory 89.71 GiB is allocated by PyTorch, with 1.13 GiB allocated in private pools (e.g., CUDA Graphs), and "
    f"1.26 GiB is reserved by PyTorch but unallocated. {ALLOC_TAIL}\n",
)
case(
    "piecewise_capture_oom_with_solutions",
    "0.5.5",
    "sglang 0.5.5 model_executor/piecewise_cuda_graph_runner.py:208 and :543 (PIECEWISE_CUDA_GRAPH_CAPTURE_FAILED_MSG)",
    "oom_cuda_graph",
    "the piecewise graph's capture wrapper around a CUDA OOM, quoted with SGLang's first three suggestions",
    "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity "
    "of 79.19 GiB of which 1.41 GiB is free. Including non-PyTorch memory, this process has 77.76 GiB memory in use. "
    "Of the allocated memory 74.02 GiB is allocated by PyTorch, with 212.00 MiB allocated in private pools (e.g., CUDA "
    f"Graphs), and 1.94 GiB is reserved by PyTorch but unallocated. {ALLOC_TAIL}\n"
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --piecewise-cuda-graph-max-tokens to a smaller value (e.g., 512)\n"
    "3. disable Piecewise CUDA graph by unset --enable-piecewise-cuda-graph\n",
)

# -------------------------------------------------------------------------------------------------- oom_kv_cache
case(
    "kv_not_enough_memory_bare_line",
    "0.4.3.post2",
    "https://github.com/sgl-project/sglang/issues/4330 (model_executor/model_runner.py:630)",
    "oom_kv_cache",
    "SGLang's KV-pool sentence alone, as the reporter wrote it in prose; the sentence itself says the pool could not be sized",
    "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.\n",
)
case(
    "kv_not_enough_memory_backticked",
    "0.5.5",
    "sglang 0.5.5 model_executor/model_runner.py:1628",
    "oom_kv_cache",
    "the same sentence in 0.5.5's spelling, inside backticks as pasted inline",
    "`RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: "
    "self.server_args.mem_fraction_static=0.72`\n",
)
case(
    "kv_negative_profiled_token_count",
    "0.4.8.post1 (rocm630 image)",
    "https://github.com/sgl-project/sglang/issues/7691 (the format: sglang 0.4.6.post5 model_executor/model_runner.py:885)",
    "oom_kv_cache",
    "a negative profiled KV token count quoted alone (no 'Not enough memory' sentence): the weights left nothing for the pool",
    "[2025-07-02 07:41:59 DP0 TP0] max_total_tokens=131072 is larger than the profiled value -561981. Use the "
    "profiled value instead.\n",
)

# --------------------------------------------------------------------------------------------------- oom_weights
case(
    "weights_linear_create_weights_oom",
    "0.5.2",
    "sglang 0.5.2 layers/quantization/unquant.py:100 (UnquantizedLinearMethod.create_weights); torch utils/_device.py",
    "oom_weights",
    "the last two frames are a linear layer creating its weight tensor: the model does not fit; no phase line is quoted",
    f'  File "{PY312}/sglang/srt/layers/quantization/unquant.py", line 100, in create_weights\n'
    "    torch.empty(\n"
    f'  File "{PY312}/torch/utils/_device.py", line 104, in __torch_function__\n'
    "    return func(*args, **kwargs)\n"
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.16 GiB. GPU 0 has a total capacity of 23.55 GiB "
    "of which 604.81 MiB is free. Including non-PyTorch memory, this process has 22.94 GiB memory in use. Of the "
    f"allocated memory 22.58 GiB is allocated by PyTorch, and 3.12 MiB is reserved by PyTorch but unallocated. {ALLOC_TAIL}\n",
)
case(
    "weights_moe_expert_params_oom",
    "0.5.2",
    "sglang 0.5.2 layers/quantization/unquant.py:174 (UnquantizedFusedMoEMethod.create_weights, w13_weight)",
    "oom_weights",
    "an MoE layer, but the frame is create_weights allocating the experts' w13 parameters: weights, not a kernel workspace",
    f'  File "{PY312}/sglang/srt/layers/quantization/unquant.py", line 174, in create_weights\n'
    "    torch.empty(num_experts, w13_weight_n, w13_weight_k, dtype=params_dtype),\n"
    f'  File "{PY312}/torch/utils/_device.py", line 104, in __torch_function__\n'
    "    return func(*args, **kwargs)\n"
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.00 GiB. GPU 1 has a total capacity of 79.19 GiB "
    "of which 2.41 GiB is free. Including non-PyTorch memory, this process has 76.77 GiB memory in use. Of the "
    f"allocated memory 76.30 GiB is allocated by PyTorch, and 1.50 MiB is reserved by PyTorch but unallocated. {ALLOC_TAIL}\n",
)

# --------------------------------------------------------------------------------------------- oom_moe_workspace
case(
    "moe_fused_experts_cache_oom",
    "0.5.2",
    "sglang 0.5.2 layers/moe/fused_moe_triton/fused_moe.py:409 (fused_experts_impl `cache = torch.empty(`)",
    "oom_moe_workspace",
    "the frame is the fused-MoE kernel's intermediate cache; the lines cannot tell start-up from serving, the words say MoE buffer",
    f'  File "{PY312}/sglang/srt/layers/moe/fused_moe_triton/fused_moe.py", line 409, in fused_experts_impl\n'
    "    cache = torch.empty(\n"
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 5.25 GiB. GPU 2 has a total capacity of 79.19 GiB "
    "of which 3.06 GiB is free. Including non-PyTorch memory, this process has 76.12 GiB memory in use. Of the "
    "allocated memory 71.44 GiB is allocated by PyTorch, with 1.02 GiB allocated in private pools (e.g., CUDA Graphs), "
    f"and 2.08 GiB is reserved by PyTorch but unallocated. {ALLOC_TAIL}\n",
)
case(
    "flashinfer_workspace_buffer_overflow",
    "0.5.5",
    "flashinfer include/flashinfer/allocator.h:49 (AlignedAllocator::aligned_alloc, FLASHINFER_ERROR's 'Error in function' form); the values as quoted with sglang in public notes",
    "oom_moe_workspace",
    "FlashInfer's fixed attention workspace is too small for the prefill plan: a kernel workspace shortfall, the phase is not quoted",
    "RuntimeError: Error in function 'aligned_alloc' at "
    f"{PY312}/flashinfer/data/include/flashinfer/allocator.h:49: Buffer overflow when allocating memory for "
    "batch_prefill_tmp_v with size 2415919104 and alignment 16, but only 2147483648 bytes available in "
    "AlignedAllocator. Increase the workspace buffer size.\n",
)

# --------------------------------------------------------------------------------------------------- oom_runtime
case(
    "runtime_prefill_out_of_memory_summary",
    "0.4.3.post2",
    "sglang 0.4.3.post2 managers/schedule_batch.py:668 (alloc_token_slots, logger.error then exit(1))",
    "oom_runtime",
    "SGLang's own summary: a prefill batch could not get KV token slots while serving (not the pool sizing at start-up)",
    "[2025-03-02 11:20:41 TP0] Prefill out of memory. Try to lower your batch size.\n"
    "Try to allocate 9216 tokens.\n"
    "Avaliable tokens: 3102\n",
)
case(
    "runtime_decode_out_of_memory_raised",
    "0.5.5",
    "sglang 0.5.5 mem_cache/common.py:408 and :481 (alloc_for_decode, available_and_evictable_str)",
    "oom_runtime",
    "the final RuntimeError of a long traceback, no frames: a running decode batch found no free token slots",
    "RuntimeError: Decode out of memory. Try to lower your batch size.\n"
    "Try to allocate 212 tokens.\n"
    "Available tokens: 37 (available_size=37 + evictable_size=0)\n",
)
case(
    "runtime_forward_extend_torch_oom",
    "0.5.2",
    "sglang 0.5.2 model_executor/model_runner.py:1952 (_forward_raw) and :1846 (forward_extend)",
    "oom_runtime",
    "frames are a prefill forward and the allocator already holds CUDA-graph pools (capture done): serving, by the lines shown",
    f'  File "{PY312}/sglang/srt/model_executor/model_runner.py", line 1952, in _forward_raw\n'
    "    ret = self.forward_extend(\n"
    f'  File "{PY312}/sglang/srt/model_executor/model_runner.py", line 1846, in forward_extend\n'
    "    return self.model.forward(\n"
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 0 has a total capacity of 79.19 GiB "
    "of which 2.87 GiB is free. Process 88321 has 76.31 GiB memory in use. Of the allocated memory 70.02 GiB is "
    "allocated by PyTorch, with 1.20 GiB allocated in private pools (e.g., CUDA Graphs), and 1.31 GiB is reserved by "
    f"PyTorch but unallocated. {ALLOC_TAIL}\n",
)

# ------------------------------------------------------------------------------------------- nccl_or_distributed
case(
    "pynccl_unhandled_system_error_then_sigquit",
    "0.4.3.x",
    "https://github.com/sgl-project/sglang/issues/4289 (distributed/device_communicators/pynccl_wrapper.py NCCL_CHECK)",
    "nccl_or_distributed",
    "the last line of pynccl's communicator init and the launcher's sigquit line after it",
    "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n"
    "\n"
    "[2025-03-11 15:02:53] Received sigquit from a child process. It usually means the child failed.\n",
)
case(
    "nccl_warn_socket_poll_connect",
    "0.4.3",
    "https://github.com/sgl-project/sglang/issues/3820 (NCCL misc/socket.cc)",
    "nccl_or_distributed",
    "NCCL's own WARN line quoted as the title: a peer unreachable while the communicator forms",
    "node5:240:240 [6] misc/socket.cc:533 NCCL WARN socketPollConnect: Connect to 10.0.0.4<56849> returned 113(No "
    "route to host) errno 115(Operation now in progress)\n",
)
case(
    "nccl_watchdog_allgather_timeout",
    "0.3.x",
    "https://github.com/sgl-project/sglang/issues/1693 (torch ProcessGroupNCCL.cpp watchdog)",
    "nccl_or_distributed",
    "the NCCL watchdog's timeout and its take-down line; the phase is not quoted, the words are a collective timing out",
    "[rank4]:[E1016 03:31:38.928463388 ProcessGroupNCCL.cpp:607] [Rank 4] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=9141, OpType=_ALLGATHER_BASE, NumelIn=19008, NumelOut=152064, Timeout(ms)=600000) ran "
    "for 600071 milliseconds before timing out.\n"
    "[rank4]:[E1016 03:31:38.929246900 ProcessGroupNCCL.cpp:627] [Rank 4] To avoid data inconsistency, we are taking "
    "the entire process down.\n",
)
case(
    "gloo_closed_by_peer_inside_capture",
    "0.4.3.post2",
    "https://github.com/sgl-project/sglang/issues/4205 (model_executor/cuda_graph_runner.py:239)",
    "nccl_or_distributed",
    "the capture wrapper, but its inner error is gloo's 'Connection closed by peer' (a peer rank died): distributed, not OOM",
    f'  File "{PY310}/sglang/srt/model_executor/cuda_graph_runner.py", line 239, in __init__\n'
    "    raise Exception(\n"
    "Exception: Capture cuda graph failed: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by "
    "peer [10.10.4.21]:18457\n",
)
case(
    "tp_rank_others_did_not_finish_loading",
    "0.4.6.post5",
    "sglang 0.4.6.post5 model_executor/model_runner.py:591 (monitored_barrier after load_model)",
    "nccl_or_distributed",
    "SGLang's one-line summary of a rank-death cascade (this rank waited at the barrier for ranks that died); the quoted line has no cause of its own",
    "ValueError: TP rank 5 could finish the model loading, but there are other ranks that didn't finish loading. It "
    "is likely due to unexpected failures (e.g., OOM) or a slow node.\n",
)

# --------------------------------------------------------------------------------------------------- port_in_use
case(
    "uvicorn_errno98_on_http_port",
    "0.5.2",
    "uvicorn server startup error through sglang 0.5.2 utils.py:1938 set_uvicorn_logging_configs ('[%(asctime)s] %(levelprefix)s %(message)s')",
    "port_in_use",
    "uvicorn's bind error on the HTTP port, one line with SGLang's prefix",
    "[2025-09-12 08:14:55] ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): "
    "address already in use\n",
)
case(
    "tcpstore_eaddrinuse_wrapped_midword",
    "Ascend sglang (cann9.0.0 image)",
    "https://github.com/Ascend/sglang/issues/625 (torch TCPStore's listen error, wrapped as pasted)",
    "port_in_use",
    "torch's TCPStore cannot listen on the dist-init port; the paste wraps the errno name mid-word",
    "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: "
    "42173, useIpv6: false, code: -98, name: EAD\n"
    "DRINUSE, message: address already in use\n",
)
case(
    "zmq_address_in_use_backticked",
    "0.5.0rc2",
    "https://github.com/sgl-project/sglang/issues/9396 (pyzmq Socket.bind appends the address)",
    "port_in_use",
    "pyzmq's bind error on one of SGLang's internal ports, inside backticks",
    "`zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:30233')`\n",
)
case(
    "dist_init_port_not_available",
    "0.5.5",
    "sglang 0.5.5 server_args.py:4127 (logger.exception) and utils/common.py:699 (wait_port_available)",
    "port_in_use",
    "SGLang's own summary line and the ValueError under it: an internal port held by an older process",
    "[2025-11-20 09:12:44] Port is already in use. dist_init_port=30233 port_base=30234 detokenizer_port=30235 "
    "nccl_port=31822 scheduler_input_port=30238\n"
    "ValueError: dist_init_port at 30233 is not available in 30 seconds. dist_init_port is used by a process already. "
    "process.name()='python3'' process.cmdline()=['python3', '-m', 'sglang.launch_server', '--model-path', "
    "'Qwen/Qwen3-30B-A3B', '--tp', '4', '--dp', '4', '--enable-dp-attention'] process.status()='sleeping' pid=51234\n",
)

# -------------------------------------------------------------------------------------------------- config_error
case(
    "context_length_valueerror_with_warning_prefix",
    "0.5.5",
    "sglang 0.5.5 configs/model_config.py:285 and :301",
    "config_error",
    "a ValueError whose text starts 'Warning:': the requested context length exceeds the model's",
    "ValueError: Warning: User-specified context_length (262144) is greater than the derived context_length (131072). "
    "This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from "
    "max_position_embeddings in the model's config. To allow overriding this maximum, set the env var "
    "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1\n",
)
case(
    "argparse_unrecognized_vllm_flag",
    "0.4.6.post5",
    "sglang 0.4.6.post5 server_args.py:1480 (argparse.ArgumentParser(), prog = launch_server.py)",
    "config_error",
    "argparse's last line only (the usage block cut off): a vLLM flag SGLang does not have",
    "launch_server.py: error: unrecognized arguments: --max-model-len 32768\n",
)
case(
    "triton_fp8e4nv_on_ampere",
    "0.5.2",
    "sglang 0.5.2 layers/quantization/fp8_kernel.py:116 (_per_token_group_quant_8bit); Triton's fp8 dtype check",
    "config_error",
    "an FP8 checkpoint on a GPU generation without fp8e4nv: the hardware cannot run this dtype",
    "triton.compiler.errors.CompilationError: at 1:0:\n"
    "def _per_token_group_quant_8bit(\n"
    "^\n"
    "ValueError(\"type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')\")\n",
)
case(
    "no_kernel_image_on_t4_backticked",
    "0.5.10",
    "https://github.com/sgl-project/sglang/issues/24224",
    "config_error",
    "the reporter's backticked excerpt: no kernel built for sm_75 (the corpus's unsupported architecture), not a runtime fault",
    "`torch.AcceleratorError: CUDA error: no kernel image is available for execution on the device\n"
    "...\n"
    'File ".../sglang/srt/layers/rotary_embedding.py", line 210, in _ensure_cos_sin_cache_length\n'
    "    t_new = torch.arange(start, new_len, dtype=inv_freq.dtype, device=device)`\n",
)
case(
    "quantization_needs_newer_gpu",
    "0.5.2",
    "sglang 0.5.2 model_loader/loader.py:173",
    "config_error",
    "SGLang refuses the quantization method on this GPU generation",
    "ValueError: The quantization method fp8 is not supported for the current GPU. Minimum capability: 80. Current "
    "capability: 75.\n",
)

# ---------------------------------------------------------------------------------------------- cuda_error_other
case(
    "accelerator_error_illegal_address",
    "0.5.5",
    "torch 2.8+ c10 CUDA error text (as quoted in https://github.com/THUDM/slime/issues/1297, an sglang-based stack)",
    "cuda_error_other",
    "torch 2.8's AcceleratorError spelling of an illegal memory access, the frames cut off",
    "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n"
    "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html "
    f"for more information.\n{CUDA_TAIL}\n",
)
case(
    "capture_wrapped_illegal_memory_access",
    "0.4.4.post3",
    "https://github.com/shader-slang/slang/issues/6738 (an sglang report filed there: lmsysorg/sglang:v0.4.4.post3-cu125)",
    "cuda_error_other",
    "the capture wrapper again, but the inner error is an illegal memory access: a CUDA fault, not memory pressure",
    "Exception: Capture cuda graph failed: RuntimeError: CUDA error: an illegal memory access was encountered\n"
    f"{CUDA_TAIL}\n",
)
case(
    "hip_illegal_address_rocm",
    "0.5.5 (ROCm)",
    "torch ROCm HIP error text (as quoted in https://github.com/ROCm/legacy-rocm-build/issues/5742)",
    "cuda_error_other",
    "the ROCm spelling of an illegal memory access: the same label as the CUDA one",
    "torch.AcceleratorError: HIP error: an illegal memory access was encountered\n"
    "Search for `hipErrorIllegalAddress' in https://rocm.docs.amd.com/projects/HIP/en/latest/index.html for more "
    "information.\n"
    "HIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing AMD_SERIALIZE_KERNEL=3\n"
    "Compile with `TORCH_USE_HIP_DSA` to enable device-side assertions.\n",
)
case(
    "driver_too_old_for_torch",
    "0.5.5",
    "torch c10/cuda/CUDAFunctions.cpp driver check (torch 2.8 cu128 on a CUDA 12.2 driver)",
    "cuda_error_other",
    "the driver is older than torch's CUDA runtime: the README's version mismatch",
    "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver "
    "by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx "
    "Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version "
    "of the CUDA driver.\n",
)

# ------------------------------------------------------------------------------------------------------- healthy
case(
    "healthy_decode_oom_happened_retraction",
    "0.4.6.post5",
    "sglang 0.4.6.post5 managers/scheduler.py:1518",
    "healthy",
    "a retraction quoted alone: the scheduler requeues requests and goes on (pressure, not failure)",
    "[2025-05-20 11:40:02 TP0] Decode out of memory happened. #retracted_reqs: 3, #new_token_ratio: 0.4512 -> 0.8412\n",
)
case(
    "healthy_kv_pool_full_retraction",
    "0.5.5",
    "sglang 0.5.5 managers/scheduler.py:1918",
    "healthy",
    "0.5.5's retraction wording quoted alone; the server keeps serving",
    "[2025-11-20 10:21:07 TP0] KV cache pool is full. Retract requests. #retracted_reqs: 2, #new_token_ratio: "
    "0.3150 -> 0.6150\n",
)
case(
    "healthy_decode_batch_token_usage_full",
    "0.5.5",
    "sglang 0.5.5 managers/scheduler_metrics_mixin.py:266",
    "healthy",
    "a decode line at token usage 1.00 with a long queue: a full pool while serving, not a failure",
    "[2025-11-20 10:21:06 TP0] Decode batch, #running-req: 212, #token: 655360, token usage: 1.00, cuda graph: True, "
    "gen throughput (token/s): 3120.44, #queue-req: 188, \n",
)
case(
    "healthy_context_length_warning",
    "0.4.6.post5",
    "sglang 0.4.6.post5 configs/model_config.py:134 (logger.warning; SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN defaults to True)",
    "healthy",
    "0.4.6 only warns (the words 'CUDA errors' are a caution) and uses the requested context length",
    "[2025-05-20 11:02:13] Warning: User-specified context_length (65536) is greater than the derived context_length "
    "(32768). This may lead to incorrect model outputs or CUDA errors.\n",
)
case(
    "healthy_default_moe_kernel_config",
    "0.5.2",
    "sglang 0.5.2 layers/moe/fused_moe_triton/fused_moe_triton_config.py:93",
    "healthy",
    "a performance warning on the MoE kernel config; 'Config file not found' does not stop the server",
    "[2025-09-12 08:03:41 TP0] Using default MoE kernel config. Performance might be sub-optimal! Config file not "
    f"found at {PY312}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_4_0/E=128,N=384,device_name=NVIDIA_H20.json, "
    "you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton\n",
)


# ---------------------------------------------------------------------------------------------------------- tests
# Misses at the one first-sight run, with the label the classifier gave then (strict: a fix must remove the entry).
XFAIL: dict[str, str] = {
    "healthy_context_length_warning": "unknown",
    "healthy_default_moe_kernel_config": "unknown",
    "moe_fused_experts_cache_oom": "oom_runtime",
    # fixed since first sight: nccl_warn_socket_poll_connect (`returned 113(No route to host)` is an errno, not an
    # exit status)
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_oneliner_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event fed line by line at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_oneliner_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

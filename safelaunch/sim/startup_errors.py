"""SGLang's scheduler start-up failures: the tracebacks and hints of init, weights, KV pool and graph capture.

A rank that fails during start-up logs "Scheduler hit an exception: <traceback>"; which frames that
traceback walks through, and which hint SGLang appends, depends on the phase and on the version family.
These are the texts of the start-up phases (rank.py prints them); failures of a model forward are in
forward_errors.py, the launcher's own in launcher_errors.py.
"""

from __future__ import annotations

from safelaunch.sim.frames import SITE, TORCH_CALL, TORCH_CTX, Frame, VersionText, chained, model_file, traceback_text

ISSUES_URL = "https://github.com/sgl-project/sglang/issues/new/choose"


class StartupTracebacks(VersionText):
    """The exception texts of a scheduler's start-up, for one SGLang version."""

    def capture_failed_hint(self) -> str:
        if self.new:
            return (
                "Possible solutions:\n"
                "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
                "2. set --cuda-graph-max-bs-decode to a smaller value (e.g., 16)\n"
                "3. disable decode CUDA graph by --cuda-graph-backend-decode=disabled. "
                "(Not recommended. Huge performance loss)\n"
                f"Open an issue on GitHub {ISSUES_URL} \n"
            )
        return (
            "Possible solutions:\n"
            "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
            "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
            "3. disable torch compile by not using --enable-torch-compile\n"
            "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
            f"Open an issue on GitHub {ISSUES_URL} \n"
        )

    @staticmethod
    def prefill_capture_failed_hint() -> str:
        return (
            "1. disable the prefill CUDA graph by --cuda-graph-backend-prefill=disabled\n"
            "2. if it is an OOM problem, set --mem-fraction-static to a smaller value "
            "(e.g., 0.8 or 0.7) or set --cuda-graph-max-bs-prefill to a smaller value "
            "(e.g., 2048)\n"
        )

    def kv_too_small(self, fraction: float, available_gib: float, pre_gib: float, rest_gib: float) -> str:
        """The exception line when the KV pool gets no tokens (`Type: message`)."""
        if self.new and rest_gib <= 0:
            minimum = 1 - available_gib / pre_gib
            suggested = -(-minimum * 1000 // 1) / 1000
            return (
                "ValueError: Loaded weights leave no GPU memory for the KV cache under "
                f"--mem-fraction-static={fraction}. Raise --mem-fraction-static above {suggested:.3f} "
                f"(minimum viable = 1 - available/pre = {minimum:.4f}). If using speculative decoding, draft "
                "weights are now counted."
            )
        return (
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. "
            f"Current value: mem_fraction_static={fraction}"
        )

    def generic_traceback(self, exc_line: str) -> str:
        """A failure during the scheduler's start-up with no more specific place."""
        return traceback_text(self._init_frames(), exc_line)

    def weights_oom_traceback(self, architecture: str, oom: str) -> str:
        mfile = model_file(architecture)
        frames = [
            *self._init_frames(),
            Frame(
                "srt/model_executor/model_runner.py", 507 if not self.new else 478, "initialize", "self.load_model()"
            ),
            Frame(
                "srt/model_executor/model_runner.py",
                1159 if not self.new else 1032,
                "load_model",
                "self.model = self.loader.load_model(",
            ),
            Frame("srt/model_loader/loader.py", 683, "load_model", "model = _initialize_model("),
            Frame("srt/model_loader/loader.py", 277, "_initialize_model", "return model_class(**kwargs)"),
            Frame(mfile, 1873, "__init__", "self.model = " + architecture.replace("ForCausalLM", "Model") + "("),
            Frame(mfile, 1702, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            Frame("srt/utils/common.py", 613, "make_layers", "+ get_offloader().wrap_modules("),
            Frame("srt/layers/linear.py", 442, "__init__", "self.quant_method.create_weights("),
            Frame("srt/layers/quantization/unquant.py", 131, "create_weights", "torch.empty("),
            Frame(SITE + "torch/utils/_device.py", 109, "__torch_function__", "return func(*args, **kwargs)"),
        ]
        return traceback_text(frames, f"torch.OutOfMemoryError: {oom}")

    def kv_traceback(self, exc_line: str) -> str:
        if self.new:
            frames = [
                *self._init_frames(),
                Frame(
                    "srt/model_executor/model_runner.py",
                    596,
                    "initialize",
                    "self.init_memory_pool(pre_model_load_memory)",
                ),
                Frame(
                    "srt/mem_cache/kv_cache_configurator.py",
                    118,
                    "init_memory_pool",
                    "config = self._resolve_memory_pool_config(",
                ),
                Frame(
                    "srt/mem_cache/kv_cache_configurator.py",
                    203,
                    "_profile_available_bytes",
                    "raise ValueError(" if exc_line.startswith("ValueError") else "return MemoryPoolConfig(",
                ),
            ]
        else:
            frames = [
                *self._init_frames(),
                Frame(
                    "srt/model_executor/model_runner.py",
                    623,
                    "initialize",
                    "self.init_memory_pool(pre_model_load_memory)",
                ),
                Frame(
                    "srt/model_executor/model_runner_kv_cache_mixin.py",
                    899,
                    "init_memory_pool",
                    "self.memory_pool_config = self._resolve_memory_pool_config(",
                ),
                Frame(
                    "srt/model_executor/model_runner_kv_cache_mixin.py",
                    884,
                    "_resolve_memory_pool_config",
                    "return MemoryPoolConfig(",
                ),
                Frame("<string>", 9, "__init__", "<unknown>"),
                Frame(
                    "srt/model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"
                ),
            ]
        return traceback_text(frames, exc_line)

    def capture_oom_traceback(self, architecture: str, oom: str) -> str:
        """The OOM raised inside one batch size's capture, re-raised by SGLang as 'Capture cuda graph failed'."""
        mfile = model_file(architecture)
        model_cls = architecture.replace("ForCausalLM", "Model")
        if self.new:
            runner = "srt/model_executor/runner/decode_cuda_graph_runner.py"
            inner = [
                Frame(runner, 402, "__init__", "self.capture()"),
                Frame(runner, 561, "capture", "_capture_one_stream()"),
                Frame(runner, 548, "_capture_one_stream", ") = self.capture_one_batch_size(bs, forward, stream_idx)"),
                Frame(runner, 781, "capture_one_batch_size", "out = self._capture_graph("),
                Frame(runner, 590, "_capture_graph", "out = run_once_fn()"),
                Frame(runner, 762, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ]
        else:
            runner = "srt/model_executor/cuda_graph_runner.py"
            inner = [
                Frame(runner, 653, "__init__", "self.capture()"),
                Frame(runner, 809, "capture", "_capture_one_stream()"),
                Frame(runner, 796, "_capture_one_stream", ") = self.capture_one_batch_size(bs, forward, stream_idx)"),
                Frame(runner, 1030, "capture_one_batch_size", "out = self._capture_graph("),
                Frame(runner, 833, "_capture_graph", "out = run_once_fn()"),
                Frame(runner, 1011, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ]
        inner += [
            TORCH_CTX,
            Frame(mfile, 1935, "forward", "hidden_states = self.model("),
            *TORCH_CALL,
            Frame(mfile, 1788, "forward", "hidden_states, residual = layer("),
            *TORCH_CALL,
            Frame(mfile, 1544, "forward", "hidden_states = self.self_attn("),
            *TORCH_CALL,
            Frame(
                "srt/layers/linear.py",
                1398,
                "forward",
                "output_parallel = self.quant_method.apply(self, input_parallel, bias=bias_)",
            ),
            Frame("srt/layers/quantization/fp8.py", 652, "apply", "return self.w8a8_block_fp8_linear("),
            Frame("srt/layers/quantization/fp8_utils.py", 331, "triton_w8a8_block_fp8_linear", "output = torch.empty("),
        ]
        del model_cls
        first = traceback_text(inner, f"torch.OutOfMemoryError: {oom}")
        outer_frames = self._init_frames()
        if self.new:
            outer_frames += [
                Frame("srt/model_executor/model_runner.py", 631, "initialize", "self.init_device_graphs()"),
                Frame(
                    "srt/model_executor/model_runner_components/cuda_graph_setup.py",
                    214,
                    "init_device_graphs",
                    "runner = DecodeCudaGraphRunner(model_runner)",
                ),
                Frame(runner, 405, "__init__", "raise Exception("),
            ]
        else:
            outer_frames += [
                Frame("srt/model_executor/model_runner.py", 655, "initialize", "self.init_device_graphs()"),
                Frame(
                    "srt/model_executor/model_runner.py",
                    2455,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                Frame(runner, 655, "__init__", "raise Exception("),
            ]
        second = traceback_text(
            outer_frames, f"Exception: Capture cuda graph failed: {oom}\n{self.capture_failed_hint()}"
        )
        return chained(first, second)

    def prefill_capture_oom_traceback(self, oom: str) -> str:
        """0.5.20+: the breakable prefill graph logs the error and its hint, then re-raises."""
        frames = [
            *self._init_frames(),
            Frame("srt/model_executor/model_runner.py", 628, "initialize", "self.init_piecewise_cuda_graphs()"),
            Frame(
                "srt/model_executor/model_runner_components/cuda_graph_setup.py",
                151,
                "init_piecewise_cuda_graphs",
                "runner = PrefillCudaGraphRunner(model_runner)",
            ),
            Frame("srt/model_executor/runner/prefill_cuda_graph_runner.py", 233, "__init__", "self.capture()"),
            Frame(
                "srt/model_executor/runner_backend_utils/breakable_cuda_graph/context.py",
                96,
                "capture",
                "output = run_once_fn()",
            ),
            Frame(
                "srt/layers/linear.py",
                1398,
                "forward",
                "output_parallel = self.quant_method.apply(self, input_parallel, bias=bias_)",
            ),
            Frame("srt/layers/quantization/fp8_utils.py", 331, "triton_w8a8_block_fp8_linear", "output = torch.empty("),
        ]
        return traceback_text(frames, f"torch.OutOfMemoryError: {oom}")

    def nccl_traceback(self) -> str:
        frames = [
            *self._init_frames(),
            Frame(
                "srt/model_executor/model_runner.py",
                403,
                "__init__",
                "pre_model_load_memory = self.init_torch_distributed()",
            ),
            Frame("srt/model_executor/model_runner.py", 964, "init_torch_distributed", "initialize_model_parallel("),
            Frame(
                "srt/distributed/parallel_state.py",
                1690,
                "initialize_model_parallel",
                "_TP = init_model_parallel_group(",
            ),
            Frame("srt/distributed/parallel_state.py", 1412, "init_model_parallel_group", "return GroupCoordinator("),
            Frame("srt/distributed/parallel_state.py", 318, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
            Frame(
                "srt/distributed/device_communicators/pynccl.py",
                112,
                "__init__",
                "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
            ),
            Frame(
                "srt/distributed/device_communicators/pynccl_wrapper.py", 414, "ncclCommInitRank", "self.NCCL_CHECK("
            ),
            Frame(
                "srt/distributed/device_communicators/pynccl_wrapper.py",
                393,
                "NCCL_CHECK",
                'raise RuntimeError(f"NCCL error: {error_str}")',
            ),
        ]
        return traceback_text(
            frames, "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)"
        )

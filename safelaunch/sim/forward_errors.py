"""SGLang's failures inside a model forward: FlashInfer's autotune pass, the first request, serving.

A forward runs the scheduler's event loop down into the model's layers; an OOM there (the fused-MoE
workspace, activations under load) or a CUDA fault prints PyTorch's error at the end of that chain. The
autotune pass at start-up is a dummy forward too, reached through the start-up chain instead.
"""

from __future__ import annotations

from safelaunch.sim.frames import SITE, TORCH_CALL, TORCH_CTX, Frame, VersionText, model_file, traceback_text

FI_BACKEND = "srt/layers/attention/flashinfer_backend.py"


class ForwardTracebacks(VersionText):
    """The exception texts of a model forward, for one SGLang version."""

    def _event_loop_frames(self, architecture: str) -> list[Frame]:
        mfile = model_file(architecture)
        return [
            Frame(
                "srt/managers/scheduler.py",
                3616 if not self.new else 3937,
                "run_scheduler_process",
                "scheduler.run_event_loop()",
            ),
            Frame("srt/managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
            Frame("srt/managers/scheduler.py", 3488, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
            TORCH_CTX,
            Frame("srt/managers/scheduler.py", 1361, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            Frame(
                "srt/managers/scheduler.py",
                2684,
                "run_batch",
                "batch_result = self.model_worker.forward_batch_generation(",
            ),
            Frame("srt/managers/tp_worker.py", 476, "forward_batch_generation", "out = self.model_runner.forward("),
            Frame("srt/model_executor/model_runner.py", 2745, "forward", "output = self._forward_raw("),
            Frame("srt/model_executor/model_runner.py", 2820, "_forward_raw", "ret = self.forward_extend("),
            Frame("srt/model_executor/model_runner.py", 2697, "forward_extend", "return self.model.forward("),
            TORCH_CTX,
            Frame(mfile, 1935, "forward", "hidden_states = self.model("),
            *TORCH_CALL,
            Frame(mfile, 1788, "forward", "hidden_states, residual = layer("),
            *TORCH_CALL,
        ]

    def _autotune_frames(self, architecture: str) -> list[Frame]:
        """ModelRunner.initialize -> kernel_warmup -> FlashInfer autotune -> a dummy forward of the model."""
        mfile = model_file(architecture)
        if self.new:
            head = [
                Frame("srt/model_executor/model_runner.py", 612, "initialize", "self.kernel_warmup()"),
                Frame(
                    "srt/model_executor/runner/flashinfer_autotune.py",
                    88,
                    "run_flashinfer_autotune",
                    "model_runner._dummy_run(batch_size=num_tokens, run_ctx=autotune(cache=cache_path))",
                ),
            ]
        else:
            head = [
                Frame("srt/model_executor/model_runner.py", 654, "initialize", "self.kernel_warmup()"),
                Frame("srt/model_executor/model_runner.py", 2061, "kernel_warmup", "self._flashinfer_autotune()"),
                Frame("srt/model_executor/model_runner.py", 2106, "_flashinfer_autotune", "self._dummy_run("),
            ]
        return [
            *self._init_frames(),
            *head,
            Frame(
                "srt/model_executor/model_runner.py",
                2212,
                "_dummy_run",
                "logits_output_or_pp_proxy_tensors = self.model.forward(",
            ),
            TORCH_CTX,
            Frame(mfile, 1935, "forward", "hidden_states = self.model("),
            *TORCH_CALL,
            Frame(mfile, 1788, "forward", "hidden_states, residual = layer("),
            *TORCH_CALL,
        ]

    def moe_workspace_oom_traceback(self, architecture: str, oom: str, autotune: bool = False) -> str:
        """FlashInfer's fused-MoE workspace: sized for a full prefill chunk, allocated on the first MoE forward
        (FlashInfer's autotune pass at start-up, or the first request when autotune is disabled)."""
        mfile = model_file(architecture)
        frames = [
            *(self._autotune_frames(architecture) if autotune else self._event_loop_frames(architecture)),
            Frame(mfile, 1602, "forward", "hidden_states = self.mlp("),
            *TORCH_CALL,
            Frame(mfile, 617, "forward_normal", "final_hidden_states = self.experts(hidden_states, topk_output)"),
            *TORCH_CALL,
            Frame(
                "srt/layers/moe/fused_moe_triton/layer.py",
                1046,
                "forward",
                "return self.forward_impl(hidden_states, topk_output)",
            ),
            Frame(
                "srt/layers/moe/fused_moe_triton/layer.py",
                1071,
                "forward_impl",
                "combine_input = self.run_moe_core(dispatch_output)",
            ),
            Frame("srt/layers/quantization/mxfp4.py", 804, "apply", "output = flashinfer_cutlass_fused_moe("),
            Frame(
                SITE + "flashinfer/fused_moe/core.py",
                1024,
                "cutlass_fused_moe",
                "return get_cutlass_fused_moe_module(device_arch).cutlass_fused_moe(",
            ),
            Frame(
                SITE + "flashinfer/fused_moe/core.py",
                612,
                "cutlass_fused_moe",
                "workspace_buffer = torch.empty(workspace_size, dtype=torch.uint8, device=input.device)",
            ),
        ]
        return traceback_text(frames, f"torch.OutOfMemoryError: {oom}")

    def serving_oom_traceback(self, architecture: str, oom: str) -> str:
        frames = [
            *self._event_loop_frames(architecture),
            Frame(model_file(architecture), 1544, "forward", "hidden_states = self.self_attn("),
            *TORCH_CALL,
            Frame(
                "srt/layers/linear.py",
                1398,
                "forward",
                "output_parallel = self.quant_method.apply(self, input_parallel, bias=bias_)",
            ),
            Frame("srt/layers/quantization/fp8_utils.py", 331, "triton_w8a8_block_fp8_linear", "output = torch.empty("),
        ]
        return traceback_text(frames, f"torch.OutOfMemoryError: {oom}")

    def workspace_overflow_traceback(self, architecture: str, size: int, left: int) -> str:
        """FlashInfer planning a prefill batch in its fixed workspace buffer (SGLang allocates it once, sized by
        SGLANG_FLASHINFER_WORKSPACE_SIZE): a batch of more tokens than it was sized for overflows it, with
        FlashInfer's allocator.h message (flashinfer PR #1357's wording), whatever the GPU has free."""
        frames = [
            *self._event_loop_frames(architecture)[:9],
            Frame(
                "srt/model_executor/model_runner.py",
                2690,
                "forward_extend",
                "self.attn_backend.init_forward_metadata(forward_batch)",
            ),
            Frame(
                FI_BACKEND,
                431,
                "init_forward_metadata",
                "self.indices_updater_prefill.update(",
            ),
            Frame(FI_BACKEND, 1176, "update_single_wrapper", "self.call_begin_forward("),
            Frame(FI_BACKEND, 1335, "call_begin_forward", "wrapper_paged.begin_forward("),
            Frame(SITE + "flashinfer/prefill.py", 1862, "plan", "self._plan_info = self._cached_module.plan("),
        ]
        return traceback_text(
            frames,
            f"RuntimeError: Error in function 'aligned_alloc' at {SITE}flashinfer/data/include/flashinfer/"
            f"allocator.h:49: Buffer overflow when allocating memory for batch_prefill_tmp_v with size {size} and "
            f"alignment 16, but only {left} bytes available in AlignedAllocator. Increase the workspace buffer size.",
        )

    def crash_traceback(self, architecture: str) -> str:
        frames = [
            *self._event_loop_frames(architecture),
            Frame(
                "srt/layers/attention/flashinfer_backend.py",
                812,
                "forward_extend",
                "o = prefill_wrapper_paged.forward(",
            ),
        ]
        return traceback_text(
            frames,
            "RuntimeError: CUDA error: an illegal memory access was encountered\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
            "might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
        )

"""The SHAPE a failure reaches a log in (issue 18, a helper, blind): real SGLang failure messages rendered in the other
forms users paste them in. Each form was printed by the tool itself, not imitated: CPython 3.11.7 / 3.12.1 / 3.13.0
(carets, `~~~^^`, colour, chained and group tracebacks, threading's and asyncio's handlers, multiprocessing's and
concurrent.futures' remote tracebacks), IPython 9.18.1 (`Cell In[N], line L`, with and without ANSI colours), rich 15.0.0
(boxed, with and without locals), loguru 0.7.3 (@logger.catch, diagnose), pytest 9.2 (a unittest setUpClass error, a
short-summary line), torch.multiprocessing.spawn (pytorch torch/multiprocessing/spawn.py at 04dd8db7, run); torchrun's
ChildFailedError table and Ray's RayTaskError / ActorDiedError were composed from their sources' formats.

How the frames were made: a generator (kept out of the repository) compiled, for each frame, the REAL statement of
SGLang 0.5.10.post1 at its real file:line (the real function name, the real line text) and chained them so that the
interpreter raised the real message through them; the tools read the real source files for context lines. The
paths were printed under a mirror of equal length and rewritten to /usr/local/lib/python3.12/dist-packages (rich's
boxes keep their width). Not read from a source here: torch's module.py:1775/1786 and _contextlib.py:120 frames (torch
2.8/2.9 line numbers and text as seen in public logs), torchrun's launcher/api.py:156/293 frames (a public issue's log),
Ray's ActorDiedError wording (as quoted in public threads); the dataclass `<string>` frame is at the field count + 3,
as CPython's dataclasses generate it.
Outside SGLang: the users' scripts, cells and test files are invented around the call; `j`, `scheduler_procs` and
similar locals in rich's boxes have plausible values, not captured ones.

Labels follow /work/shared/corpus/README.md, written (with the one line of why) before the classifier ran.

First sight: 27/30. The three misses are strict xfails (XFAIL below): a scheduler SIGKILLed while the weights loaded (no
traceback of its own, only the launcher's `scheduler died ... exit code: -9`) read as distributed; and two requests
refused by a running engine, inside asyncio's TaskGroup and `Task exception was never retrieved` forms, read as unknown.
"""

# ruff: noqa: E501  (log lines are data: box drawing, ANSI codes, long lines as the tools print them)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import first_sight


class Form(NamedTuple):
    version: str  # the release (and library) whose text the message is
    source: str  # file:line of the message
    form: str  # the tool that printed the wrapper, and where its shape comes from
    label: str
    why: str  # one line, written before the classifier ran
    log: str


CASES: dict[str, Form] = {}


def case(name: str, label: str, version: str, source: str, form: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Form(version, source, form, label, why, log)


case(
    "ipython-cell-trtllm-mla-on-hopper-plain",
    "config_error",
    "0.5.10.post1",
    "server_args.py:2347",
    "IPython 9.18.1 VerboseTB, %colors nocolor (IPython/core/ultratb.py: `Cell In[N], line L`, `File path:L, in func(args)`, two lines of context)",
    "a backend the GPU does not support, refused by ServerArgs in the notebook's own process: a bad argument",
    (
        "---------------------------------------------------------------------------\n"
        "ValueError                                Traceback (most recent call last)\n"
        "Cell In[2], line 1\n"
        '----> 1 llm = sgl.Engine(model_path="deepseek-ai/DeepSeek-V3", tp_size=8, attention_backend="trtllm_mla")\n'
        "\n"
        "File /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:179, in Engine.__init__(self, **kwargs)\n"
        '    176     if "log_level" not in kwargs:\n'
        "    177         # Do not print logs by default\n"
        '    178         kwargs["log_level"] = "error"\n'
        "--> 179     server_args = self.server_args_class(**kwargs)\n"
        "    180 self.server_args = server_args\n"
        '    181 logger.info(f"{server_args=}")\n'
        "\n"
        "File <string>:352, in __init__(self, model_path, tokenizer_path, tokenizer_mode, tokenizer_worker_num, skip_tokenizer_init, load_format, model_loader_extra_config, trust_remote_code, context_length, is_embedding, enable_multimodal, revision, model_impl, host, port, fastapi_root_path, grpc_mode, skip_server_warmup, warmups, nccl_port, checkpoint_engine_wait_weights_before_ready, ssl_keyfile, ssl_certfile, ssl_ca_certs, ssl_keyfile_password, enable_ssl_refresh, dtype, quantization, quantization_param_path, kv_cache_dtype, enable_fp32_lm_head, modelopt_quant, modelopt_checkpoint_restore_path, modelopt_checkpoint_save_path, modelopt_export_path, quantize_and_serve, rl_quant_profile, mem_fraction_static, max_running_requests, max_queued_requests, max_total_tokens, chunked_prefill_size, enable_dynamic_chunking, max_prefill_tokens, prefill_max_requests, schedule_policy, enable_priority_scheduling, disable_priority_preemption, default_priority_value, abort_on_priority_when_disabled, schedule_low_priority_values_first, priority_scheduling_preemption_threshold, schedule_conservativeness, page_size, swa_full_tokens_ratio, disable_hybrid_swa_memory, radix_eviction_policy, enable_prefill_delayer, prefill_delayer_max_delay_passes, prefill_delayer_token_usage_low_watermark, prefill_delayer_forward_passes_buckets, prefill_delayer_wait_seconds_buckets, device, tp_size, pp_size, pp_max_micro_batch_size, pp_async_batch_depth, stream_interval, stream_response_default_include_usage, incremental_streaming_output, enable_streaming_session, random_seed, constrained_json_whitespace_pattern, constrained_json_disable_any_whitespace, watchdog_timeout, soft_watchdog_timeout, dist_timeout, download_dir, model_checksum, base_gpu_id, gpu_id_step, sleep_on_idle, use_ray, custom_sigquit_handler, log_level, log_level_http, log_requests, log_requests_level, log_requests_format, log_requests_target, uvicorn_access_log_exclude_prefixes, crash_dump_folder, show_time_cost, enable_metrics, enable_mfu_metrics, enable_metrics_for_all_schedulers, tokenizer_metrics_custom_labels_header, tokenizer_metrics_allowed_custom_labels, extra_metric_labels, bucket_time_to_first_token, bucket_inter_token_latency, bucket_e2e_request_latency, collect_tokens_histogram, prompt_tokens_buckets, generation_tokens_buckets, gc_warning_threshold_secs, decode_log_interval, enable_request_time_stats_logging, kv_events_config, enable_trace, otlp_traces_endpoint, export_metrics_to_file, export_metrics_to_file_dir, api_key, admin_api_key, served_model_name, weight_version, chat_template, hf_chat_template_name, completion_template, file_storage_path, enable_cache_report, reasoning_parser, tool_call_parser, tool_server, sampling_defaults, dp_size, load_balance_method, attn_cp_size, moe_dp_size, dist_init_addr, nnodes, node_rank, json_model_override_args, preferred_sampling_params, enable_lora, enable_lora_overlap_loading, max_lora_rank, lora_target_modules, lora_paths, max_loaded_loras, max_loras_per_batch, lora_eviction_policy, lora_backend, max_lora_chunk_size, experts_shared_outer_loras, attention_backend, decode_attention_backend, prefill_attention_backend, sampling_backend, grammar_backend, mm_attention_backend, fp8_gemm_runner_backend, fp4_gemm_runner_backend, nsa_prefill_backend, nsa_decode_backend, disable_flashinfer_autotune, mamba_backend, speculative_algorithm, speculative_draft_model_path, speculative_draft_model_revision, speculative_draft_load_format, speculative_num_steps, speculative_eagle_topk, speculative_num_draft_tokens, speculative_accept_threshold_single, speculative_accept_threshold_acc, speculative_token_map, speculative_attention_mode, speculative_draft_attention_backend, speculative_moe_runner_backend, speculative_moe_a2a_backend, speculative_draft_model_quantization, speculative_ngram_min_bfs_breadth, speculative_ngram_max_bfs_breadth, speculative_ngram_match_type, speculative_ngram_max_trie_depth, speculative_ngram_capacity, enable_multi_layer_eagle, ep_size, moe_a2a_backend, moe_runner_backend, flashinfer_mxfp4_moe_precision, enable_flashinfer_allreduce_fusion, enforce_disable_flashinfer_allreduce_fusion, enable_aiter_allreduce_fusion, deepep_mode, ep_num_redundant_experts, ep_dispatch_algorithm, init_expert_location, enable_eplb, eplb_algorithm, eplb_rebalance_num_iterations, eplb_rebalance_layers_per_chunk, eplb_min_rebalancing_utilization_threshold, expert_distribution_recorder_mode, expert_distribution_recorder_buffer_size, enable_expert_distribution_metrics, deepep_config, moe_dense_tp_size, elastic_ep_backend, enable_elastic_expert_backup, mooncake_ib_device, max_mamba_cache_size, mamba_ssm_dtype, mamba_full_memory_ratio, mamba_scheduler_strategy, mamba_track_interval, linear_attn_backend, linear_attn_decode_backend, linear_attn_prefill_backend, enable_hierarchical_cache, hicache_ratio, hicache_size, hicache_write_policy, hicache_io_backend, hicache_mem_layout, hicache_storage_backend, hicache_storage_prefetch_policy, hicache_storage_backend_extra_config, enable_hisparse, hisparse_config, enable_lmcache, kt_weight_path, kt_method, kt_cpuinfer, kt_threadpool_count, kt_num_gpu_experts, kt_max_deferred_experts_per_token, dllm_algorithm, dllm_algorithm_config, enable_double_sparsity, ds_channel_config_path, ds_heavy_channel_num, ds_heavy_token_num, ds_heavy_channel_type, ds_sparse_decode_threshold, cpu_offload_gb, offload_group_size, offload_num_in_group, offload_prefetch_step, offload_mode, multi_item_scoring_delimiter, disable_radix_cache, cuda_graph_max_bs, cuda_graph_bs, disable_cuda_graph, disable_cuda_graph_padding, enable_profile_cuda_graph, enable_cudagraph_gc, enable_layerwise_nvtx_marker, enable_nccl_nvls, enable_symm_mem, disable_flashinfer_cutlass_moe_fp4_allgather, enable_tokenizer_batch_encode, disable_tokenizer_batch_decode, disable_outlines_disk_cache, disable_custom_all_reduce, enable_mscclpp, enable_torch_symm_mem, pre_warm_nccl, disable_overlap_schedule, enable_mixed_chunk, enable_dp_attention, enable_dp_lm_head, enable_two_batch_overlap, enable_single_batch_overlap, tbo_token_distribution_threshold, enable_torch_compile, disable_piecewise_cuda_graph, enforce_piecewise_cuda_graph, enable_torch_compile_debug_mode, torch_compile_max_bs, piecewise_cuda_graph_max_tokens, piecewise_cuda_graph_tokens, piecewise_cuda_graph_compiler, torchao_config, enable_nan_detection, enable_p2p_check, triton_attention_reduce_in_fp32, triton_attention_num_kv_splits, triton_attention_split_tile_size, num_continuous_decode_steps, delete_ckpt_after_loading, enable_memory_saver, enable_weights_cpu_backup, enable_draft_weights_cpu_backup, allow_auto_truncate, enable_custom_logit_processor, flashinfer_mla_disable_ragged, disable_shared_experts_fusion, disable_chunked_prefix_cache, disable_fast_image_processor, keep_mm_feature_on_device, enable_return_hidden_states, enable_return_routed_experts, scheduler_recv_interval, numa_node, enable_deterministic_inference, rl_on_policy_target, enable_attn_tp_input_scattered, gc_threshold, enable_nsa_prefill_context_parallel, nsa_prefill_cp_mode, enable_fused_qk_norm_rope, enable_precise_embedding_interpolation, enable_fused_moe_sum_all_reduce, enable_prefill_context_parallel, prefill_cp_mode, enable_dynamic_batch_tokenizer, dynamic_batch_tokenizer_batch_size, dynamic_batch_tokenizer_batch_timeout, debug_tensor_dump_output_folder, debug_tensor_dump_layers, debug_tensor_dump_input_file, debug_tensor_dump_inject, disaggregation_mode, disaggregation_transfer_backend, disaggregation_bootstrap_port, disaggregation_ib_device, disaggregation_decode_enable_offload_kvcache, num_reserved_decode_tokens, disaggregation_decode_polling_interval, encoder_only, language_only, encoder_transfer_backend, encoder_urls, enable_adaptive_dispatch_to_encoder, custom_weight_loader, weight_loader_disable_mmap, remote_instance_weight_loader_seed_instance_ip, remote_instance_weight_loader_seed_instance_service_port, remote_instance_weight_loader_send_weights_group_ports, remote_instance_weight_loader_backend, remote_instance_weight_loader_start_seed_via_transfer_engine, engine_info_bootstrap_port, modelexpress_config, enable_pdmux, pdmux_config_path, sm_group_num, enable_broadcast_mm_inputs_process, enable_prefix_mm_cache, mm_enable_dp_encoder, mm_process_config, limit_mm_data_per_request, enable_mm_global_cache, decrypted_config_file, decrypted_draft_config_file, forward_hooks)\n"
        "    351 'Could not get source, probably due dynamically evaluated source code.'\n"
        "File /usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py:791, in ServerArgs.__post_init__(self)\n"
        "    789 # Set kernel backends.\n"
        "    790 self._handle_sampling_backend()\n"
        "--> 791 self._handle_attention_backend_compatibility()\n"
        "    792 self._handle_mamba_backend()\n"
        "    793 self._handle_linear_attn_backend()\n"
        "\n"
        "File /usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py:2347, in ServerArgs._handle_attention_backend_compatibility(self)\n"
        "   2342 if (\n"
        '   2343     self.attention_backend == "trtllm_mla"\n'
        '   2344     or self.decode_attention_backend == "trtllm_mla"\n'
        "   2345 ):\n"
        "   2346     if not is_blackwell_supported():\n"
        "-> 2347         raise ValueError(\n"
        '   2348             "TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend."\n'
        "   2349         )\n"
        "   2351     if self.page_size not in [32, 64]:\n"
        "   2352         logger.warning(\n"
        '   2353             f"TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from {self.page_size} to 64."\n'
        "   2354         )\n"
        "\n"
        "ValueError: TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend."
    ),
)

case(
    "ipython-cell-nccl-port-taken-ansi",
    "port_in_use",
    "0.5.10.post1",
    "server_args.py:6629 (logger.exception) + utils/network.py:74",
    "IPython 9.18.1 VerboseTB with its ANSI colours kept (Linux scheme), after SGLang's own logger.exception traceback",
    "a second Engine in the same notebook finds PortArgs' nccl_port held by the first server: a port in use",
    (
        "[2026-03-02 10:00:31] Port is already in use. dist_init_port=38516 port_base=38517 detokenizer_port=38518 nccl_port=38519 scheduler_input_port=38521\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 6621, in init_new\n'
        '    wait_port_available(nccl_port, "nccl_port")\n'
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/utils/network.py", line 74, in wait_port_available\n'
        "    raise ValueError(\n"
        "ValueError: nccl_port at 38519 is not available in 30 seconds. nccl_port is used by a process already. process.name()='python3'' process.cmdline()=['python3', '-m', 'sglang.launch_server', '--model-path', 'Qwen/Qwen3-8B', '--port', '30000'] process.status()='sleeping' pid=80117\n"
        "\x1b[91m---------------------------------------------------------------------------\x1b[39m\n"
        "\x1b[91mValueError\x1b[39m                                Traceback (most recent call last)\n"
        "\x1b[96mCell\x1b[39m\x1b[96m \x1b[39m\x1b[32mIn[3]\x1b[39m\x1b[32m, line 1\x1b[39m\n"
        '\x1b[92m----> \x1b[39m\x1b[92m1\x1b[39m \x1b[38;5;255mllm2\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;204m=\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[30;43msgl\x1b[39;49m\x1b[30;43m.\x1b[39;49m\x1b[30;43mEngine\x1b[39;49m\x1b[30;43m(\x1b[39;49m\x1b[30;43mmodel_path\x1b[39;49m\x1b[30;43m=\x1b[39;49m\x1b[30;43m"\x1b[39;49m\x1b[30;43mQwen/Qwen3-8B\x1b[39;49m\x1b[30;43m"\x1b[39;49m\x1b[30;43m,\x1b[39;49m\x1b[30;43m \x1b[39;49m\x1b[30;43mmem_fraction_static\x1b[39;49m\x1b[30;43m=\x1b[39;49m\x1b[30;43m0.4\x1b[39;49m\x1b[30;43m)\x1b[39;49m\n'
        "\n"
        "\x1b[96mFile \x1b[39m\x1b[32m/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:197\x1b[39m, in \x1b[36mEngine.__init__\x1b[39m\x1b[94m(self, **kwargs)\x1b[39m\n"
        "\x1b[92m    188\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;255matexit\x1b[39m\x1b[38;5;204m.\x1b[39m\x1b[38;5;255mregister\x1b[39m\x1b[38;5;255m(\x1b[39m\x1b[38;5;148mself\x1b[39m\x1b[38;5;204m.\x1b[39m\x1b[38;5;255mshutdown\x1b[39m\x1b[38;5;255m)\x1b[39m\n"
        "\x1b[92m    190\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;245m# Launch subprocesses\x1b[39m\n"
        "\x1b[92m    191\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;255m(\x1b[39m\n"
        "\x1b[92m    192\x1b[39m \x1b[38;5;255m    \x1b[39m\x1b[38;5;255mtokenizer_manager\x1b[39m\x1b[38;5;255m,\x1b[39m\n"
        "\x1b[92m    193\x1b[39m \x1b[38;5;255m    \x1b[39m\x1b[38;5;255mtemplate_manager\x1b[39m\x1b[38;5;255m,\x1b[39m\n"
        "\x1b[92m    194\x1b[39m \x1b[38;5;255m    \x1b[39m\x1b[38;5;255mport_args\x1b[39m\x1b[38;5;255m,\x1b[39m\n"
        "\x1b[92m    195\x1b[39m \x1b[38;5;255m    \x1b[39m\x1b[38;5;255mscheduler_init_result\x1b[39m\x1b[38;5;255m,\x1b[39m\n"
        "\x1b[92m    196\x1b[39m \x1b[38;5;255m    \x1b[39m\x1b[38;5;255msubprocess_watchdog\x1b[39m\x1b[38;5;255m,\x1b[39m\n"
        "\x1b[92m--> \x1b[39m\x1b[92m197\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;255m)\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;204m=\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[30;43mself\x1b[39;49m\x1b[30;43m.\x1b[39;49m\x1b[30;43m_launch_subprocesses\x1b[39;49m\x1b[30;43m(\x1b[39;49m\n"
        "\x1b[92m    198\x1b[39m \x1b[30;43m    \x1b[39;49m\x1b[30;43mserver_args\x1b[39;49m\x1b[30;43m=\x1b[39;49m\x1b[30;43mserver_args\x1b[39;49m\x1b[30;43m,\x1b[39;49m\n"
        "\x1b[92m    199\x1b[39m \x1b[30;43m    \x1b[39;49m\x1b[30;43minit_tokenizer_manager_func\x1b[39;49m\x1b[30;43m=\x1b[39;49m\x1b[30;43mself\x1b[39;49m\x1b[30;43m.\x1b[39;49m\x1b[30;43minit_tokenizer_manager_func\x1b[39;49m\x1b[30;43m,\x1b[39;49m\n"
        "\x1b[92m    200\x1b[39m \x1b[30;43m    \x1b[39;49m\x1b[30;43mrun_scheduler_process_func\x1b[39;49m\x1b[30;43m=\x1b[39;49m\x1b[30;43mself\x1b[39;49m\x1b[30;43m.\x1b[39;49m\x1b[30;43mrun_scheduler_process_func\x1b[39;49m\x1b[30;43m,\x1b[39;49m\n"
        "\x1b[92m    201\x1b[39m \x1b[30;43m    \x1b[39;49m\x1b[30;43mrun_detokenizer_process_func\x1b[39;49m\x1b[30;43m=\x1b[39;49m\x1b[30;43mself\x1b[39;49m\x1b[30;43m.\x1b[39;49m\x1b[30;43mrun_detokenizer_process_func\x1b[39;49m\x1b[30;43m,\x1b[39;49m\n"
        "\x1b[92m    202\x1b[39m \x1b[30;43m\x1b[39;49m\x1b[30;43m)\x1b[39;49m\n"
        "\x1b[92m    203\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;148mself\x1b[39m\x1b[38;5;204m.\x1b[39m\x1b[38;5;255mtokenizer_manager\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;204m=\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;255mtokenizer_manager\x1b[39m\n"
        "\x1b[92m    204\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;148mself\x1b[39m\x1b[38;5;204m.\x1b[39m\x1b[38;5;255mtemplate_manager\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;204m=\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;255mtemplate_manager\x1b[39m\n"
        "\n"
        "\x1b[96mFile \x1b[39m\x1b[32m/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:647\x1b[39m, in \x1b[36mEngine._launch_subprocesses\x1b[39m\x1b[94m(cls, server_args, init_tokenizer_manager_func, run_scheduler_process_func, run_detokenizer_process_func, port_args)\x1b[39m\n"
        "\x1b[92m    645\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;245m# Allocate ports for inter-process communications\x1b[39m\n"
        "\x1b[92m    646\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;81mif\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;255mport_args\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;204mis\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;81mNone\x1b[39m\x1b[38;5;255m:\x1b[39m\n"
        "\x1b[92m--> \x1b[39m\x1b[92m647\x1b[39m \x1b[38;5;255m    \x1b[39m\x1b[38;5;255mport_args\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;204m=\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[30;43mPortArgs\x1b[39;49m\x1b[30;43m.\x1b[39;49m\x1b[30;43minit_new\x1b[39;49m\x1b[30;43m(\x1b[39;49m\x1b[30;43mserver_args\x1b[39;49m\x1b[30;43m)\x1b[39;49m\n"
        '\x1b[92m    648\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;255mlogger\x1b[39m\x1b[38;5;204m.\x1b[39m\x1b[38;5;255minfo\x1b[39m\x1b[38;5;255m(\x1b[39m\x1b[38;5;186mf\x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;186m{\x1b[39m\x1b[38;5;255mserver_args\x1b[39m\x1b[38;5;186m=}\x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;255m)\x1b[39m\n'
        "\x1b[92m    650\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;245m# Start the engine info bootstrap server if per-rank info is needed.\x1b[39m\n"
        "\n"
        "\x1b[96mFile \x1b[39m\x1b[32m/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py:6621\x1b[39m, in \x1b[36mPortArgs.init_new\x1b[39m\x1b[94m(server_args, dp_rank, worker_ports)\x1b[39m\n"
        '\x1b[92m   6619\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;255mwait_port_available\x1b[39m\x1b[38;5;255m(\x1b[39m\x1b[38;5;255mport_base\x1b[39m\x1b[38;5;255m,\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;186mport_base\x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;255m)\x1b[39m\n'
        '\x1b[92m   6620\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;255mwait_port_available\x1b[39m\x1b[38;5;255m(\x1b[39m\x1b[38;5;255mdetokenizer_port\x1b[39m\x1b[38;5;255m,\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;186mdetokenizer_port\x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;255m)\x1b[39m\n'
        '\x1b[92m-> \x1b[39m\x1b[92m6621\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[30;43mwait_port_available\x1b[39;49m\x1b[30;43m(\x1b[39;49m\x1b[30;43mnccl_port\x1b[39;49m\x1b[30;43m,\x1b[39;49m\x1b[30;43m \x1b[39;49m\x1b[30;43m"\x1b[39;49m\x1b[30;43mnccl_port\x1b[39;49m\x1b[30;43m"\x1b[39;49m\x1b[30;43m)\x1b[39;49m\n'
        '\x1b[92m   6622\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;255mwait_port_available\x1b[39m\x1b[38;5;255m(\x1b[39m\x1b[38;5;255mrpc_port\x1b[39m\x1b[38;5;255m,\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;186mrpc_port\x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;255m)\x1b[39m\n'
        '\x1b[92m   6623\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;255mwait_port_available\x1b[39m\x1b[38;5;255m(\x1b[39m\x1b[38;5;255mmetrics_port\x1b[39m\x1b[38;5;255m,\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;186mmetrics_port\x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;255m)\x1b[39m\n'
        "\n"
        "\x1b[96mFile \x1b[39m\x1b[32m/usr/local/lib/python3.12/dist-packages/sglang/srt/utils/network.py:74\x1b[39m, in \x1b[36mwait_port_available\x1b[39m\x1b[94m(port, port_name, timeout_s, raise_exception)\x1b[39m\n"
        "\x1b[92m     71\x1b[39m \x1b[38;5;255m    \x1b[39m\x1b[38;5;255mtime\x1b[39m\x1b[38;5;204m.\x1b[39m\x1b[38;5;255msleep\x1b[39m\x1b[38;5;255m(\x1b[39m\x1b[38;5;141m0.1\x1b[39m\x1b[38;5;255m)\x1b[39m\n"
        "\x1b[92m     73\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;81mif\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;255mraise_exception\x1b[39m\x1b[38;5;255m:\x1b[39m\n"
        "\x1b[92m---> \x1b[39m\x1b[92m74\x1b[39m \x1b[38;5;255m    \x1b[39m\x1b[38;5;81mraise\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;148mValueError\x1b[39m\x1b[38;5;255m(\x1b[39m\n"
        '\x1b[92m     75\x1b[39m \x1b[38;5;255m        \x1b[39m\x1b[38;5;186mf\x1b[39m\x1b[38;5;186m"\x1b[39m\x1b[38;5;186m{\x1b[39m\x1b[38;5;255mport_name\x1b[39m\x1b[38;5;186m}\x1b[39m\x1b[38;5;186m at \x1b[39m\x1b[38;5;186m{\x1b[39m\x1b[38;5;255mport\x1b[39m\x1b[38;5;186m}\x1b[39m\x1b[38;5;186m is not available in \x1b[39m\x1b[38;5;186m{\x1b[39m\x1b[38;5;255mtimeout_s\x1b[39m\x1b[38;5;186m}\x1b[39m\x1b[38;5;186m seconds. \x1b[39m\x1b[38;5;186m{\x1b[39m\x1b[38;5;255merror_message\x1b[39m\x1b[38;5;186m}\x1b[39m\x1b[38;5;186m"\x1b[39m\n'
        "\x1b[92m     76\x1b[39m \x1b[38;5;255m    \x1b[39m\x1b[38;5;255m)\x1b[39m\n"
        "\x1b[92m     77\x1b[39m \x1b[38;5;255m\x1b[39m\x1b[38;5;81mreturn\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;81mFalse\x1b[39m\n"
        "\n"
        "\x1b[91mValueError\x1b[39m: nccl_port at 38519 is not available in 30 seconds. nccl_port is used by a process already. process.name()='python3'' process.cmdline()=['python3', '-m', 'sglang.launch_server', '--model-path', 'Qwen/Qwen3-8B', '--port', '30000'] process.status()='sleeping' pid=80117"
    ),
)

case(
    "ipython-keyboardinterrupt-in-generate",
    "healthy",
    "0.5.10.post1",
    "entrypoints/engine.py:358 (Engine.generate)",
    "IPython 9.18.1 VerboseTB, KeyboardInterrupt inside asyncio's selector (CPython 3.12 asyncio/base_events.py, selectors.py)",
    "ARGUABLE: Engine logs nothing at its default log_level=error, so no ready line; the load and capture bars ran to 100% and the user interrupted a generate: the engine was up",
    (
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]\n"
        "Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:02<00:07, 2.41s/it]\n"
        "Loading safetensors checkpoint shards:  50% Completed | 2/4 [00:04<00:04, 2.28s/it]\n"
        "Loading safetensors checkpoint shards:  75% Completed | 3/4 [00:06<00:02, 2.25s/it]\n"
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:09<00:00, 2.31s/it]\n"
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:09<00:00, 2.31s/it]\n"
        "Capturing batches (bs=1 avail_mem=10.98 GB): 100%|██████████| 36/36 [00:27<00:00,  1.31it/s]\n"
        "---------------------------------------------------------------------------\n"
        "KeyboardInterrupt                         Traceback (most recent call last)\n"
        "Cell In[4], line 1\n"
        "----> 1 outputs = llm.generate(prompts, sampling_params)\n"
        "\n"
        "File /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:358, in Engine.generate(self, prompt, sampling_params, input_ids, image_data, audio_data, video_data, return_logprob, logprob_start_len, top_logprobs_num, token_ids_logprob, lora_path, custom_logit_processor, return_hidden_states, return_routed_experts, stream, bootstrap_host, bootstrap_port, bootstrap_room, routed_dp_rank, disagg_prefill_dp_rank, data_parallel_rank, external_trace_header, rid, session_params, priority)\n"
        "    356     return generator_wrapper()\n"
        "    357 else:\n"
        "--> 358     ret = self.loop.run_until_complete(generator.__anext__())\n"
        "    359     return ret\n"
        "\n"
        "File /usr/lib/python3.12/asyncio/base_events.py:671, in BaseEventLoop.run_until_complete(self, future)\n"
        "    669 future.add_done_callback(_run_until_complete_cb)\n"
        "    670 try:\n"
        "--> 671     self.run_forever()\n"
        "    672 except:\n"
        "    673     if new_task and future.done() and not future.cancelled():\n"
        "    674         # The coroutine raised a BaseException. Consume the exception\n"
        "    675         # to not log a warning, the caller doesn't have access to the\n"
        "    676         # local task.\n"
        "\n"
        "File /usr/lib/python3.12/asyncio/base_events.py:638, in BaseEventLoop.run_forever(self)\n"
        "    636 events._set_running_loop(self)\n"
        "    637 while True:\n"
        "--> 638     self._run_once()\n"
        "    639     if self._stopping:\n"
        "    640         break\n"
        "\n"
        "File /usr/lib/python3.12/asyncio/base_events.py:1933, in BaseEventLoop._run_once(self)\n"
        "   1930     when = self._scheduled[0]._when\n"
        "   1931     timeout = min(max(0, when - self.time()), MAXIMUM_SELECT_TIMEOUT)\n"
        "-> 1933 event_list = self._selector.select(timeout)\n"
        "   1934 self._process_events(event_list)\n"
        "   1935 # Needed to break cycles when an exception occurs.\n"
        "\n"
        "File /usr/lib/python3.12/selectors.py:468, in EpollSelector.select(self, timeout)\n"
        "    466 ready = []\n"
        "    467 try:\n"
        "--> 468     fd_event_list = self._selector.poll(timeout, max_ev)\n"
        "    469 except InterruptedError:\n"
        "    470     return ready\n"
        "\n"
        "KeyboardInterrupt: "
    ),
)

case(
    "ipython-cell-scheduler-sigkilled-while-loading",
    "oom_weights",
    "0.5.10.post1",
    "entrypoints/engine.py:1182-1190 (_scheduler_died_error) raised at :1220",
    "IPython 9.18.1 VerboseTB (nocolor) after the loading bars stop at 50%",
    "ARGUABLE: exit code -9 with SGLang's own OOM-killer hint, the scheduler killed halfway through `Loading safetensors checkpoint shards` and no traceback of its own: host RAM ran out while loading the weights (the README's weights family; a host OOM, not a GPU one)",
    (
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]\n"
        "Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:02<00:07, 2.41s/it]\n"
        "Loading safetensors checkpoint shards:  50% Completed | 2/4 [00:04<00:04, 2.28s/it]\n"
        "---------------------------------------------------------------------------\n"
        "RuntimeError                              Traceback (most recent call last)\n"
        "Cell In[5], line 1\n"
        '----> 1 llm = sgl.Engine(model_path="meta-llama/Llama-3.3-70B-Instruct", tp_size=4, load_format="auto")\n'
        "\n"
        "File /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:197, in Engine.__init__(self, **kwargs)\n"
        "    188 atexit.register(self.shutdown)\n"
        "    190 # Launch subprocesses\n"
        "    191 (\n"
        "    192     tokenizer_manager,\n"
        "    193     template_manager,\n"
        "    194     port_args,\n"
        "    195     scheduler_init_result,\n"
        "    196     subprocess_watchdog,\n"
        "--> 197 ) = self._launch_subprocesses(\n"
        "    198     server_args=server_args,\n"
        "    199     init_tokenizer_manager_func=self.init_tokenizer_manager_func,\n"
        "    200     run_scheduler_process_func=self.run_scheduler_process_func,\n"
        "    201     run_detokenizer_process_func=self.run_detokenizer_process_func,\n"
        "    202 )\n"
        "    203 self.tokenizer_manager = tokenizer_manager\n"
        "    204 self.template_manager = template_manager\n"
        "\n"
        "File /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:730, in Engine._launch_subprocesses(cls, server_args, init_tokenizer_manager_func, run_scheduler_process_func, run_detokenizer_process_func, port_args)\n"
        "    727     template_manager = None\n"
        "    729 # Wait for the model to finish loading\n"
        "--> 730 scheduler_init_result.wait_for_ready()\n"
        "    732 # Get back some info from scheduler to tokenizer_manager\n"
        "    733 tokenizer_manager.max_req_input_len = scheduler_init_result.scheduler_infos[0][\n"
        '    734     "max_req_input_len"\n'
        "    735 ]\n"
        "\n"
        "File /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:599, in Engine._launch_scheduler_processes.<locals>.wait_for_ready()\n"
        "    598 def wait_for_ready():\n"
        "--> 599     infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)\n"
        "    600     scheduler_infos.extend(infos)\n"
        "\n"
        "File /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:1220, in _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)\n"
        "   1218         for j in range(len(scheduler_procs)):\n"
        "   1219             if not scheduler_procs[j].is_alive():\n"
        "-> 1220                 raise _scheduler_died_error(j, scheduler_procs[j])\n"
        "   1222 return scheduler_infos\n"
        "\n"
        "RuntimeError: Rank 0 scheduler died during initialization (exit code: -9). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
    ),
)

case(
    "notebook-cell-stderr-scheduler-kv-pool",
    "oom_kv_cache",
    "0.5.10.post1",
    "model_executor/model_runner_kv_cache_mixin.py:57-60",
    "a Jupyter cell's stderr stream (ipykernel forwards the spawned scheduler's fd 2): CPython 3.12 traceback via get_exception_traceback(), then the launcher's sigquit line (the kernel then dies)",
    "the KV pool got no tokens after the weights: the remedy is a higher --mem-fraction-static",
    (
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]\n"
        "Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:02<00:07, 2.41s/it]\n"
        "Loading safetensors checkpoint shards:  50% Completed | 2/4 [00:04<00:04, 2.28s/it]\n"
        "Loading safetensors checkpoint shards:  75% Completed | 3/4 [00:06<00:02, 2.25s/it]\n"
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:09<00:00, 2.31s/it]\n"
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:09<00:00, 2.31s/it]\n"
        "[2026-03-02 10:00:52 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3600, in run_scheduler_process\n'
        "    scheduler = Scheduler(\n"
        "                ^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 385, in __init__\n'
        "    self.init_model_worker()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 632, in init_model_worker\n'
        "    self.init_tp_model_worker()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 600, in init_tp_model_worker\n'
        "    self.tp_worker = TpModelWorker(**worker_kwargs)\n"
        "                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 261, in __init__\n'
        "    self._init_model_runner()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 344, in _init_model_runner\n'
        "    self._model_runner = ModelRunner(\n"
        "                         ^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 427, in __init__\n'
        "    self.initialize(pre_model_load_memory)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 623, in initialize\n'
        "    self.init_memory_pool(pre_model_load_memory)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner_kv_cache_mixin.py", line 899, in init_memory_pool\n'
        "    self.memory_pool_config = self._resolve_memory_pool_config(\n"
        "                              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner_kv_cache_mixin.py", line 885, in _resolve_memory_pool_config\n'
        "    return MemoryPoolConfig(\n"
        "           ^^^^^^^^^^^^^^^^^\n"
        '  File "<string>", line 8, in __init__\n'
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner_kv_cache_mixin.py", line 60, in __post_init__\n'
        "    raise RuntimeError(msg)\n"
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.88\n"
        "[2026-03-02 10:01:39] Received sigquit from a child process. It usually means the child failed."
    ),
)

case(
    "script-module-frame-after-nccl-watchdog-abort",
    "nccl_or_distributed",
    "0.5.10.post1 + torch 2.8 ProcessGroupNCCL.cpp",
    "entrypoints/engine.py:1182-1190; torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (watchdog 'Process group watchdog thread terminated with exception')",
    "a user's script calling sgl.Engine at module level: CPython 3.11 traceback from the user's <module> frame (carets under the whole call)",
    "a rank's NCCL watchdog aborted the scheduler (c10::DistBackendError, exit -6) and the Engine reports the dead rank: a distributed failure",
    (
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]\n"
        "[rank3]:[E302 10:01:31.552113070 ProcessGroupNCCL.cpp:2068] [PG ID 2 PG GUID 3 Rank 3] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.27.3\n"
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
        "terminate called after throwing an instance of 'c10::DistBackendError'\n"
        "  what():  [PG ID 2 PG GUID 3 Rank 3] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.27.3\n"
        "Traceback (most recent call last):\n"
        '  File "/home/user/offline_batch.py", line 12, in <module>\n'
        '    llm = sgl.Engine(model_path="meta-llama/Llama-3.1-70B-Instruct", tp_size=8)\n'
        "          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 197, in __init__\n'
        "    ) = self._launch_subprocesses(\n"
        "        ^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 730, in _launch_subprocesses\n'
        "    scheduler_init_result.wait_for_ready()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 599, in wait_for_ready\n'
        "    infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)\n"
        "            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 1220, in _wait_for_scheduler_ready\n'
        "    raise _scheduler_died_error(j, scheduler_procs[j])\n"
        "RuntimeError: Rank 3 scheduler died during initialization (exit code: -6). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
    ),
)

case(
    "py311-carets-fp8-online-quant-weights-oom",
    "oom_weights",
    "0.5.10.post1 + torch 2.9 c10/cuda/CUDACachingAllocator.cpp",
    "layers/quantization/fp8_utils.py:1120 (input_to_float8) via fp8.py:585 and loader.py:709",
    "the scheduler's traceback as CPython 3.11 prints it (format_exc with `^^^^` carets under each call)",
    "an allocation while quantizing weights to fp8 after load (process_weights_after_loading): the weights step ran out",
    (
        "[2026-03-02 10:00:09 TP0] Load weight begin. avail mem=78.52 GB\n"
        "[2026-03-02 10:00:09 TP0] Load weight begin. avail mem=78.52 GB\n"
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]\n"
        "Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:02<00:07, 2.41s/it]\n"
        "Loading safetensors checkpoint shards:  50% Completed | 2/4 [00:04<00:04, 2.28s/it]\n"
        "Loading safetensors checkpoint shards:  75% Completed | 3/4 [00:06<00:02, 2.25s/it]\n"
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:09<00:00, 2.31s/it]\n"
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:09<00:00, 2.31s/it]\n"
        "[2026-03-02 10:00:45 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3600, in run_scheduler_process\n'
        "    scheduler = Scheduler(\n"
        "                ^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 385, in __init__\n'
        "    self.init_model_worker()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 632, in init_model_worker\n'
        "    self.init_tp_model_worker()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 600, in init_tp_model_worker\n'
        "    self.tp_worker = TpModelWorker(**worker_kwargs)\n"
        "                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 261, in __init__\n'
        "    self._init_model_runner()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 344, in _init_model_runner\n'
        "    self._model_runner = ModelRunner(\n"
        "                         ^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 427, in __init__\n'
        "    self.initialize(pre_model_load_memory)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 507, in initialize\n'
        "    self.load_model()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 1159, in load_model\n'
        "    self.model = self.loader.load_model(\n"
        "                 ^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_loader/loader.py", line 689, in load_model\n'
        "    self.load_weights_and_postprocess(\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_loader/loader.py", line 709, in load_weights_and_postprocess\n'
        "    quant_method.process_weights_after_loading(module)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/layers/quantization/fp8.py", line 585, in process_weights_after_loading\n'
        "    qweight, weight_scale = input_to_float8(layer.weight)\n"
        "                            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/layers/quantization/fp8_utils.py", line 1120, in input_to_float8\n'
        "    x_scl_sat = (x.float() * scale).clamp(min=-fp_max, max=fp_max)\n"
        "                 ^^^^^^^^^\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.75 GiB. GPU 0 has a total capacity of 79.19 GiB of which 702.19 MiB is free. Process 81234 has 79.17 GiB memory in use. Of the allocated memory 76.21 GiB is allocated by PyTorch, and 1.02 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n"
        "[2026-03-02 10:01:39] Received sigquit from a child process. It usually means the child failed."
    ),
)

case(
    "chained-during-handling-capture-oom-py311",
    "oom_cuda_graph",
    "0.5.10.post1 + torch 2.9",
    "model_executor/cuda_graph_runner.py:650-657 (raise Exception(f'Capture cuda graph failed: {e}\\n{CUDA_GRAPH_CAPTURE_FAILED_MSG}') in except RuntimeError)",
    "CPython 3.11 chained traceback: the inner OOM, `During handling of the above exception, another exception occurred:`, the wrapper",
    "the OOM happened inside graph capture (the wrapper names it): the graph-capture family",
    (
        "[2026-03-02 10:01:00 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 653, in __init__\n'
        "    self.capture()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 809, in capture\n'
        "    _capture_one_stream()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 796, in _capture_one_stream\n'
        "    ) = self.capture_one_batch_size(bs, forward, stream_idx)\n"
        "        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 1024, in capture_one_batch_size\n'
        "    run_once()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 1011, in run_once\n'
        "    logits_output_or_pp_proxy_tensors = forward(\n"
        "                                        ^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/utils/_contextlib.py", line 120, in decorate_context\n'
        "    return func(*args, **kwargs)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/models/qwen3.py", line 509, in forward\n'
        "    hidden_states = self.model(\n"
        "                    ^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1775, in _wrapped_call_impl\n'
        "    return self._call_impl(*args, **kwargs)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1786, in _call_impl\n'
        "    return forward_call(*args, **kwargs)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/models/qwen2.py", line 363, in forward\n'
        "    hidden_states, residual = layer(\n"
        "                              ^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1775, in _wrapped_call_impl\n'
        "    return self._call_impl(*args, **kwargs)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1786, in _call_impl\n'
        "    return forward_call(*args, **kwargs)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/models/qwen3.py", line 414, in forward\n'
        "    hidden_states = self.mlp(hidden_states)\n"
        "                    ^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1775, in _wrapped_call_impl\n'
        "    return self._call_impl(*args, **kwargs)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1786, in _call_impl\n'
        "    return forward_call(*args, **kwargs)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/models/qwen2.py", line 98, in forward\n'
        "    gate_up, _ = self.gate_up_proj(x)\n"
        "                 ^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1775, in _wrapped_call_impl\n'
        "    return self._call_impl(*args, **kwargs)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1786, in _call_impl\n'
        "    return forward_call(*args, **kwargs)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/layers/linear.py", line 460, in forward\n'
        "    output_parallel = self.quant_method.apply(self, input_, bias)\n"
        "                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/layers/quantization/unquant.py", line 99, in apply\n'
        "    return F.linear(x, layer.weight, bias)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.17 GiB. GPU 0 has a total capacity of 79.19 GiB of which 412.19 MiB is free. Process 81234 has 79.17 GiB memory in use. Of the allocated memory 75.10 GiB is allocated by PyTorch, with 2.61 GiB allocated in private pools (e.g., CUDA Graphs), and 1.31 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n"
        "\n"
        "During handling of the above exception, another exception occurred:\n"
        "\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3600, in run_scheduler_process\n'
        "    scheduler = Scheduler(\n"
        "                ^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 385, in __init__\n'
        "    self.init_model_worker()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 632, in init_model_worker\n'
        "    self.init_tp_model_worker()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 600, in init_tp_model_worker\n'
        "    self.tp_worker = TpModelWorker(**worker_kwargs)\n"
        "                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 261, in __init__\n'
        "    self._init_model_runner()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 344, in _init_model_runner\n'
        "    self._model_runner = ModelRunner(\n"
        "                         ^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 427, in __init__\n'
        "    self.initialize(pre_model_load_memory)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 655, in initialize\n'
        "    self.init_device_graphs()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 2455, in init_device_graphs\n'
        "    self.graph_runner = graph_runners[self.device](self)\n"
        "                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 655, in __init__\n'
        "    raise Exception(\n"
        "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 1.17 GiB. GPU 0 has a total capacity of 79.19 GiB of which 412.19 MiB is free. Process 81234 has 79.17 GiB memory in use. Of the allocated memory 75.10 GiB is allocated by PyTorch, with 2.61 GiB allocated in private pools (e.g., CUDA Graphs), and 1.31 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n"
        "Possible solutions:\n"
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
        "3. disable torch compile by not using --enable-torch-compile\n"
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
    ),
)

case(
    "py313-plain-chained-capture-oom",
    "oom_cuda_graph",
    "0.5.10.post1 + torch 2.9",
    "model_executor/cuda_graph_runner.py:650-657",
    "CPython 3.13 format_exc: `~~~^^` anchors, multi-line calls shown whole with `...<2 lines>...`",
    "the same capture failure on Python 3.13: graph capture",
    (
        "[2026-03-02 10:01:02 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 653, in __init__\n'
        "    self.capture()\n"
        "    ~~~~~~~~~~~~^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 809, in capture\n'
        "    _capture_one_stream()\n"
        "    ~~~~~~~~~~~~~~~~~~~^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 796, in _capture_one_stream\n'
        "    ) = self.capture_one_batch_size(bs, forward, stream_idx)\n"
        "        ~~~~~~~~~~~~~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 1024, in capture_one_batch_size\n'
        "    run_once()\n"
        "    ~~~~~~~~^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 1011, in run_once\n'
        "    logits_output_or_pp_proxy_tensors = forward(\n"
        "        input_ids,\n"
        "    ...<2 lines>...\n"
        "        **kwargs,\n"
        "    )\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/utils/_contextlib.py", line 120, in decorate_context\n'
        "    return func(*args, **kwargs)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/models/qwen3.py", line 509, in forward\n'
        "    hidden_states = self.model(\n"
        "        input_ids,\n"
        "    ...<3 lines>...\n"
        "        pp_proxy_tensors=pp_proxy_tensors,\n"
        "    )\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1775, in _wrapped_call_impl\n'
        "    return self._call_impl(*args, **kwargs)\n"
        "           ~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1786, in _call_impl\n'
        "    return forward_call(*args, **kwargs)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/models/qwen2.py", line 363, in forward\n'
        "    hidden_states, residual = layer(\n"
        "                              ~~~~~^\n"
        "        positions,\n"
        "        ^^^^^^^^^^\n"
        "    ...<2 lines>...\n"
        "        residual,\n"
        "        ^^^^^^^^^\n"
        "    )\n"
        "    ^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1775, in _wrapped_call_impl\n'
        "    return self._call_impl(*args, **kwargs)\n"
        "           ~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1786, in _call_impl\n'
        "    return forward_call(*args, **kwargs)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/models/qwen3.py", line 414, in forward\n'
        "    hidden_states = self.mlp(hidden_states)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1775, in _wrapped_call_impl\n'
        "    return self._call_impl(*args, **kwargs)\n"
        "           ~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1786, in _call_impl\n'
        "    return forward_call(*args, **kwargs)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/models/qwen2.py", line 98, in forward\n'
        "    gate_up, _ = self.gate_up_proj(x)\n"
        "                 ~~~~~~~~~~~~~~~~~^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1775, in _wrapped_call_impl\n'
        "    return self._call_impl(*args, **kwargs)\n"
        "           ~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1786, in _call_impl\n'
        "    return forward_call(*args, **kwargs)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/layers/linear.py", line 460, in forward\n'
        "    output_parallel = self.quant_method.apply(self, input_, bias)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/layers/quantization/unquant.py", line 99, in apply\n'
        "    return F.linear(x, layer.weight, bias)\n"
        "           ~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.17 GiB. GPU 0 has a total capacity of 79.19 GiB of which 412.19 MiB is free. Process 81234 has 79.17 GiB memory in use. Of the allocated memory 75.10 GiB is allocated by PyTorch, with 2.61 GiB allocated in private pools (e.g., CUDA Graphs), and 1.31 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n"
        "\n"
        "During handling of the above exception, another exception occurred:\n"
        "\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3600, in run_scheduler_process\n'
        "    scheduler = Scheduler(\n"
        "        server_args,\n"
        "    ...<7 lines>...\n"
        "        dp_rank,\n"
        "    )\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 385, in __init__\n'
        "    self.init_model_worker()\n"
        "    ~~~~~~~~~~~~~~~~~~~~~~^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 632, in init_model_worker\n'
        "    self.init_tp_model_worker()\n"
        "    ~~~~~~~~~~~~~~~~~~~~~~~~~^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 600, in init_tp_model_worker\n'
        "    self.tp_worker = TpModelWorker(**worker_kwargs)\n"
        "                     ~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 261, in __init__\n'
        "    self._init_model_runner()\n"
        "    ~~~~~~~~~~~~~~~~~~~~~~~^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 344, in _init_model_runner\n'
        "    self._model_runner = ModelRunner(\n"
        "                         ~~~~~~~~~~~^\n"
        "        model_config=self.model_config,\n"
        "        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "    ...<15 lines>...\n"
        "        draft_model_idx=0 if self.is_multi_layer_eagle else None,\n"
        "        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "    )\n"
        "    ^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 427, in __init__\n'
        "    self.initialize(pre_model_load_memory)\n"
        "    ~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 655, in initialize\n'
        "    self.init_device_graphs()\n"
        "    ~~~~~~~~~~~~~~~~~~~~~~~^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 2455, in init_device_graphs\n'
        "    self.graph_runner = graph_runners[self.device](self)\n"
        "                        ~~~~~~~~~~~~~~~~~~~~~~~~~~^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 655, in __init__\n'
        "    raise Exception(\n"
        '        f"Capture cuda graph failed: {e}\\n{CUDA_GRAPH_CAPTURE_FAILED_MSG}"\n'
        "    )\n"
        "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 1.17 GiB. GPU 0 has a total capacity of 79.19 GiB of which 412.19 MiB is free. Process 81234 has 79.17 GiB memory in use. Of the allocated memory 75.10 GiB is allocated by PyTorch, with 2.61 GiB allocated in private pools (e.g., CUDA Graphs), and 1.31 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n"
        "Possible solutions:\n"
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
        "3. disable torch compile by not using --enable-torch-compile\n"
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
    ),
)

case(
    "py313-colour-launcher-ssl-keyfile",
    "config_error",
    "0.5.10.post1",
    "server_args.py:902-905 (_handle_ssl_validation)",
    "CPython 3.13 sys.excepthook with colour (PYTHON_COLORS=1 / a tty: Lib/_colorize.py ANSI codes), `python -m sglang.launch_server`",
    "a --ssl-keyfile path that does not exist: a bad argument",
    (
        "Traceback (most recent call last):\n"
        '  File \x1b[35m"<frozen runpy>"\x1b[0m, line \x1b[35m198\x1b[0m, in \x1b[35m_run_module_as_main\x1b[0m\n'
        '  File \x1b[35m"<frozen runpy>"\x1b[0m, line \x1b[35m88\x1b[0m, in \x1b[35m_run_code\x1b[0m\n'
        '  File \x1b[35m"/usr/local/lib/python3.12/dist-packages/sglang/launch_server.py"\x1b[0m, line \x1b[35m59\x1b[0m, in \x1b[35m<module>\x1b[0m\n'
        "    server_args = prepare_server_args(sys.argv[1:])\n"
        '  File \x1b[35m"/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py"\x1b[0m, line \x1b[35m6539\x1b[0m, in \x1b[35mprepare_server_args\x1b[0m\n'
        "    return \x1b[31mServerArgs.from_cli_args\x1b[0m\x1b[1;31m(raw_args)\x1b[0m\n"
        "           \x1b[31m~~~~~~~~~~~~~~~~~~~~~~~~\x1b[0m\x1b[1;31m^^^^^^^^^^\x1b[0m\n"
        '  File \x1b[35m"/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py"\x1b[0m, line \x1b[35m5975\x1b[0m, in \x1b[35mfrom_cli_args\x1b[0m\n'
        "    return cls(**{attr: getattr(args, attr) for attr in attrs})\n"
        '  File \x1b[35m"<string>"\x1b[0m, line \x1b[35m352\x1b[0m, in \x1b[35m__init__\x1b[0m\n'
        '  File \x1b[35m"/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py"\x1b[0m, line \x1b[35m755\x1b[0m, in \x1b[35m__post_init__\x1b[0m\n'
        "    \x1b[31mself._handle_ssl_validation\x1b[0m\x1b[1;31m()\x1b[0m\n"
        "    \x1b[31m~~~~~~~~~~~~~~~~~~~~~~~~~~~\x1b[0m\x1b[1;31m^^\x1b[0m\n"
        '  File \x1b[35m"/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py"\x1b[0m, line \x1b[35m902\x1b[0m, in \x1b[35m_handle_ssl_validation\x1b[0m\n'
        "    raise ValueError(\n"
        "    ...<2 lines>...\n"
        "    )\n"
        "\x1b[1;35mValueError\x1b[0m: \x1b[35mSSL key file not found: '/etc/sglang/tls/server.key'. Please check the --ssl-keyfile path.\x1b[0m"
    ),
)

case(
    "taskgroup-exceptiongroup-input-too-long",
    "healthy",
    "0.5.10.post1",
    "managers/tokenizer_manager.py:805 (_validate_one_request)",
    "CPython 3.12 asyncio.TaskGroup: `+ Exception Group Traceback`, `| ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)`, `+-+---- 1 ----`",
    "ARGUABLE: one request longer than the context, refused by the running engine's tokenizer manager; the engine itself is up (the user's TaskGroup dies, not SGLang)",
    (
        "  + Exception Group Traceback (most recent call last):\n"
        '  |   File "/home/user/eval_async.py", line 16, in <module>\n'
        "  |     outputs = asyncio.run(main(engine, prompts))\n"
        "  |               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  |   File "/usr/lib/python3.12/asyncio/runners.py", line 194, in run\n'
        "  |     return runner.run(main)\n"
        "  |            ^^^^^^^^^^^^^^^^\n"
        '  |   File "/usr/lib/python3.12/asyncio/runners.py", line 118, in run\n'
        "  |     return self._loop.run_until_complete(task)\n"
        "  |            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  |   File "/usr/lib/python3.12/asyncio/base_events.py", line 684, in run_until_complete\n'
        "  |     return future.result()\n"
        "  |            ^^^^^^^^^^^^^^^\n"
        '  |   File "/home/user/eval_async.py", line 11, in main\n'
        "  |     async with asyncio.TaskGroup() as tg:\n"
        '  |   File "/usr/lib/python3.12/asyncio/taskgroups.py", line 145, in __aexit__\n'
        "  |     raise me from None\n"
        "  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\n"
        "  +-+---------------- 1 ----------------\n"
        "    | Traceback (most recent call last):\n"
        '    |   File "/home/user/eval_async.py", line 7, in one\n'
        '    |     return await engine.async_generate(prompt, {"max_new_tokens": 512})\n'
        "    |            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '    |   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 439, in async_generate\n'
        "    |     return await generator.__anext__()\n"
        "    |            ^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '    |   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tokenizer_manager.py", line 518, in generate_request\n'
        "    |     tokenized_obj = await self._tokenize_one_request(obj)\n"
        "    |                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '    |   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tokenizer_manager.py", line 769, in _tokenize_one_request\n'
        "    |     self._validate_one_request(obj, input_ids)\n"
        '    |   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tokenizer_manager.py", line 805, in _validate_one_request\n'
        "    |     raise ValueError(\n"
        "    | ValueError: The input (40961 tokens) is longer than the model's context length (40960 tokens).\n"
        "    +------------------------------------"
    ),
)

case(
    "asyncio-task-exception-never-retrieved",
    "healthy",
    "0.5.10.post1",
    "managers/tokenizer_manager.py:826-835",
    "CPython 3.12 asyncio's default exception handler via logging's last resort: `Task exception was never retrieved` / `future: <Task finished ...>`",
    "ARGUABLE: a request asking for more tokens than the context allows, refused per request; the engine serves on",
    (
        "Task exception was never retrieved\n"
        "future: <Task finished name='Task-2' coro=<one() done, defined at /home/user/bulk_generate.py:6> exception=ValueError(\"Requested token count exceeds the model's maximum context length of 40960 tokens. You requested a total of 41472 tokens: 32768 tokens from the input messages and 8704 tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.\")>\n"
        "Traceback (most recent call last):\n"
        '  File "/home/user/bulk_generate.py", line 7, in one\n'
        '    return await engine.async_generate(prompt, {"max_new_tokens": 8704})\n'
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 439, in async_generate\n'
        "    return await generator.__anext__()\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tokenizer_manager.py", line 518, in generate_request\n'
        "    tokenized_obj = await self._tokenize_one_request(obj)\n"
        "                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tokenizer_manager.py", line 769, in _tokenize_one_request\n'
        "    self._validate_one_request(obj, input_ids)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tokenizer_manager.py", line 835, in _validate_one_request\n'
        "    raise ValueError(error_msg)\n"
        "ValueError: Requested token count exceeds the model's maximum context length of 40960 tokens. You requested a total of 41472 tokens: 32768 tokens from the input messages and 8704 tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit."
    ),
)

case(
    "thread-exception-disagg-mode-typo",
    "config_error",
    "0.5.10.post1",
    "server_args.py:865 (_handle_load_balance_method)",
    "CPython 3.12 threading.excepthook: `Exception in thread Thread-1 (start_engine):` with threading.py's _bootstrap_inner/run frames",
    "disaggregation_mode='prefil' (a typo), refused by ServerArgs inside the app's worker thread: a bad argument",
    (
        "Exception in thread Thread-1 (start_engine):\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.12/threading.py", line 1073, in _bootstrap_inner\n'
        "    self.run()\n"
        '  File "/usr/lib/python3.12/threading.py", line 1010, in run\n'
        "    self._target(*self._args, **self._kwargs)\n"
        '  File "/home/ubuntu/app/backend.py", line 10, in start_engine\n'
        '    engine = sgl.Engine(model_path="Qwen/Qwen3-8B", disaggregation_mode="prefil", disaggregation_transfer_backend="mooncake")\n'
        "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 179, in __init__\n'
        "    server_args = self.server_args_class(**kwargs)\n"
        "                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "<string>", line 352, in __init__\n'
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 752, in __post_init__\n'
        "    self._handle_load_balance_method()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 865, in _handle_load_balance_method\n'
        "    raise ValueError(\n"
        "ValueError: Invalid disaggregation_mode='prefil'"
    ),
)

case(
    "mp-pool-remotetraceback-dual-chunk-backend",
    "config_error",
    "0.5.10.post1",
    "server_args.py:2456",
    "CPython 3.12 multiprocessing.pool: `multiprocessing.pool.RemoteTraceback:` with the worker's traceback in triple quotes, `The above exception was the direct cause of the following exception:`",
    "a dual-chunk-attention model with attention_backend='flashinfer': a bad argument",
    (
        "multiprocessing.pool.RemoteTraceback: \n"
        '"""\n'
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.12/multiprocessing/pool.py", line 125, in worker\n'
        "    result = (True, func(*args, **kwds))\n"
        "                    ^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/lib/python3.12/multiprocessing/pool.py", line 48, in mapstar\n'
        "    return list(map(*args))\n"
        "           ^^^^^^^^^^^^^^^^\n"
        '  File "/home/user/dp_offline.py", line 7, in run_shard\n'
        '    llm = sgl.Engine(model_path="Qwen/Qwen2.5-7B-Instruct-1M", attention_backend="flashinfer")\n'
        "          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 179, in __init__\n'
        "    server_args = self.server_args_class(**kwargs)\n"
        "                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "<string>", line 352, in __init__\n'
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 791, in __post_init__\n'
        "    self._handle_attention_backend_compatibility()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 2456, in _handle_attention_backend_compatibility\n'
        "    raise ValueError(\n"
        "ValueError: Dual chunk attention is enabled, but attention backend is set to flashinfer. Please set it to 'dual_chunk_flash_attn'.\n"
        '"""\n'
        "\n"
        "The above exception was the direct cause of the following exception:\n"
        "\n"
        "Traceback (most recent call last):\n"
        '  File "/home/user/dp_offline.py", line 13, in <module>\n'
        "    results = pool.map(run_shard, shards)\n"
        "              ^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/lib/python3.12/multiprocessing/pool.py", line 367, in map\n'
        "    return self._map_async(func, iterable, mapstar, chunksize).get()\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/lib/python3.12/multiprocessing/pool.py", line 774, in get\n'
        "    raise self._value\n"
        "ValueError: Dual chunk attention is enabled, but attention backend is set to flashinfer. Please set it to 'dual_chunk_flash_attn'."
    ),
)

case(
    "futures-remotetraceback-nccl-port",
    "port_in_use",
    "0.5.10.post1",
    "utils/network.py:74 (wait_port_available)",
    "CPython 3.12 concurrent.futures.process: `concurrent.futures.process._RemoteTraceback:` in triple quotes, then the parent's future.result() traceback",
    "two engines started side by side pick the same nccl_port: a port in use",
    (
        "concurrent.futures.process._RemoteTraceback: \n"
        '"""\n'
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.12/concurrent/futures/process.py", line 263, in _process_worker\n'
        "    r = call_item.fn(*call_item.args, **call_item.kwargs)\n"
        "        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/home/user/multi_engine.py", line 7, in serve\n'
        '    engine = sgl.Engine(model_path="Qwen/Qwen3-8B", base_gpu_id=gpu, mem_fraction_static=0.85)\n'
        "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 197, in __init__\n'
        "    ) = self._launch_subprocesses(\n"
        "        ^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 647, in _launch_subprocesses\n'
        "    port_args = PortArgs.init_new(server_args)\n"
        "                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 6621, in init_new\n'
        '    wait_port_available(nccl_port, "nccl_port")\n'
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/utils/network.py", line 74, in wait_port_available\n'
        "    raise ValueError(\n"
        "ValueError: nccl_port at 38519 is not available in 30 seconds. nccl_port is used by a process already. process.name()='python3'' process.cmdline()=['python3', '-m', 'sglang.launch_server', '--model-path', 'Qwen/Qwen3-8B', '--port', '30000'] process.status()='sleeping' pid=80117\n"
        '"""\n'
        "\n"
        "The above exception was the direct cause of the following exception:\n"
        "\n"
        "Traceback (most recent call last):\n"
        '  File "/home/user/multi_engine.py", line 13, in <module>\n'
        "    infos = [f.result() for f in futures]\n"
        "             ^^^^^^^^^^\n"
        '  File "/usr/lib/python3.12/concurrent/futures/_base.py", line 456, in result\n'
        "    return self.__get_result()\n"
        "           ^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/lib/python3.12/concurrent/futures/_base.py", line 401, in __get_result\n'
        "    raise self._exception\n"
        "ValueError: nccl_port at 38519 is not available in 30 seconds. nccl_port is used by a process already. process.name()='python3'' process.cmdline()=['python3', '-m', 'sglang.launch_server', '--model-path', 'Qwen/Qwen3-8B', '--port', '30000'] process.status()='sleeping' pid=80117"
    ),
)

case(
    "rich-boxed-locals-after-cuda-abort",
    "cuda_error_other",
    "0.5.10.post1 + torch 2.9 c10/cuda/CUDAException.cpp",
    "entrypoints/engine.py:1182-1190; c10 'CUDA error: an illegal memory access was encountered' + terminate (c10::AcceleratorError)",
    "rich 15.0.0 traceback.install(show_locals=True): `╭── Traceback (most recent call last) ──╮`, `│` borders, `❱` marker, a locals box per frame, width 120",
    "the scheduler aborted on an illegal memory access during capture (exit -6): a CUDA error, not memory",
    (
        "[2026-03-02 10:00:40 TP0] Capture cuda graph begin. This can take up to several minutes. avail mem=21.40 GB\n"
        "terminate called after throwing an instance of 'c10::AcceleratorError'\n"
        "  what():  CUDA error: an illegal memory access was encountered\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
        "\n"
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:42 (most recent call first):\n"
        "frame #0: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x80 (0x7f8b1257cb80 in /usr/local/lib/python3.12/dist-packages/torch/lib/libc10.so)\n"
        "╭───────────────────────────────────────── Traceback (most recent call last) ──────────────────────────────────────────╮\n"
        "│ /home/ubuntu/serve_rl.py:13 in <module>                                                                              │\n"
        "│                                                                                                                      │\n"
        "│   10 │   return sgl.Engine(model_path=MODEL, tp_size=2, cuda_graph_max_bs=64)                                        │\n"
        "│   11                                                                                                                 │\n"
        "│   12                                                                                                                 │\n"
        "│ ❱ 13 engine = build_engine()                                                                                         │\n"
        "│   14                                                                                                                 │\n"
        "│                                                                                                                      │\n"
        "│ ╭────────────────────────────────────────── locals ───────────────────────────────────────────╮                      │\n"
        "│ │ MODEL = 'Qwen/Qwen3-30B-A3B'                                                                │                      │\n"
        "│ │   sgl = <module 'sglang' from '/usr/local/lib/python3.12/dist-packages/sglang/__init__.py'> │                      │\n"
        "│ ╰─────────────────────────────────────────────────────────────────────────────────────────────╯                      │\n"
        "│                                                                                                                      │\n"
        "│ /home/ubuntu/serve_rl.py:10 in build_engine                                                                          │\n"
        "│                                                                                                                      │\n"
        "│    7                                                                                                                 │\n"
        "│    8                                                                                                                 │\n"
        "│    9 def build_engine():                                                                                             │\n"
        "│ ❱ 10 │   return sgl.Engine(model_path=MODEL, tp_size=2, cuda_graph_max_bs=64)                                        │\n"
        "│   11                                                                                                                 │\n"
        "│   12                                                                                                                 │\n"
        "│   13 engine = build_engine()                                                                                         │\n"
        "│                                                                                                                      │\n"
        "│ /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:197 in __init__                             │\n"
        "│                                                                                                                      │\n"
        "│    194 │   │   │   port_args,                                                                                        │\n"
        "│    195 │   │   │   scheduler_init_result,                                                                            │\n"
        "│    196 │   │   │   subprocess_watchdog,                                                                              │\n"
        "│ ❱  197 │   │   ) = self._launch_subprocesses(                                                                        │\n"
        "│    198 │   │   │   server_args=server_args,                                                                          │\n"
        "│    199 │   │   │   init_tokenizer_manager_func=self.init_tokenizer_manager_func,                                     │\n"
        "│    200 │   │   │   run_scheduler_process_func=self.run_scheduler_process_func,                                       │\n"
        "│                                                                                                                      │\n"
        "│ ╭─────────────────────────────────────── locals ───────────────────────────────────────╮                             │\n"
        "│ │ kwargs = {'model_path': 'Qwen/Qwen3-30B-A3B', 'tp_size': 2, 'cuda_graph_max_bs': 64} │                             │\n"
        "│ │   self = <sglang.srt.entrypoints.engine.Engine object at 0x7f3a1c2b9bd0>             │                             │\n"
        "│ ╰──────────────────────────────────────────────────────────────────────────────────────╯                             │\n"
        "│                                                                                                                      │\n"
        "│ /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:730 in _launch_subprocesses                 │\n"
        "│                                                                                                                      │\n"
        "│    727 │   │   │   template_manager = None                                                                           │\n"
        "│    728 │   │                                                                                                         │\n"
        "│    729 │   │   # Wait for the model to finish loading                                                                │\n"
        "│ ❱  730 │   │   scheduler_init_result.wait_for_ready()                                                                │\n"
        "│    731 │   │                                                                                                         │\n"
        "│    732 │   │   # Get back some info from scheduler to tokenizer_manager                                              │\n"
        "│    733 │   │   tokenizer_manager.max_req_input_len = scheduler_init_result.scheduler_infos[0][                       │\n"
        "│                                                                                                                      │\n"
        "│ ╭───────────────────────────────────────────────────── locals ─────────────────────────────────────────────────────╮ │\n"
        "│ │                          cls = <sglang.srt.entrypoints.engine.Engine object at 0x7f3a1c2b9bd0>                   │ │\n"
        "│ │  init_tokenizer_manager_func = <init_tokenizer_manager_func>                                                     │ │\n"
        "│ │                    port_args = PortArgs(tokenizer_ipc_name='ipc:///tmp/tmpq1x9d2k0',                             │ │\n"
        "│ │                                scheduler_input_ipc_name='ipc:///tmp/tmp8c7vfl3r',                                │ │\n"
        "│ │                                detokenizer_ipc_name='ipc:///tmp/tmpz0h2n6ya', nccl_port=38519,                   │ │\n"
        "│ │                                rpc_ipc_name='ipc:///tmp/tmp5d0m1w7e', metrics_ipc_name='ipc:///tmp/tmpk2r4s9pl', │ │\n"
        "│ │                                tokenizer_worker_ipc_name=None)                                                   │ │\n"
        "│ │ run_detokenizer_process_func = <run_detokenizer_process_func>                                                    │ │\n"
        "│ │   run_scheduler_process_func = <run_scheduler_process_func>                                                      │ │\n"
        "│ │                  server_args = <server_args>                                                                     │ │\n"
        "│ ╰──────────────────────────────────────────────────────────────────────────────────────────────────────────────────╯ │\n"
        "│                                                                                                                      │\n"
        "│ /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:599 in wait_for_ready                       │\n"
        "│                                                                                                                      │\n"
        "│    596 │   │   scheduler_infos = []                                                                                  │\n"
        "│    597 │   │                                                                                                         │\n"
        "│    598 │   │   def wait_for_ready():                                                                                 │\n"
        "│ ❱  599 │   │   │   infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)                        │\n"
        "│    600 │   │   │   scheduler_infos.extend(infos)                                                                     │\n"
        "│    601 │   │                                                                                                         │\n"
        "│    602 │   │   def wait_for_completion():                                                                            │\n"
        "│                                                                                                                      │\n"
        "│ /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:1220 in _wait_for_scheduler_ready           │\n"
        "│                                                                                                                      │\n"
        "│   1217 │   │   │   # Poll timed out — check all processes for early death                                            │\n"
        "│   1218 │   │   │   for j in range(len(scheduler_procs)):                                                             │\n"
        "│   1219 │   │   │   │   if not scheduler_procs[j].is_alive():                                                         │\n"
        "│ ❱ 1220 │   │   │   │   │   raise _scheduler_died_error(j, scheduler_procs[j])                                        │\n"
        "│   1221 │                                                                                                             │\n"
        "│   1222 │   return scheduler_infos                                                                                    │\n"
        "│   1223                                                                                                               │\n"
        "│                                                                                                                      │\n"
        "│ ╭───────────────────── locals ──────────────────────╮                                                                │\n"
        "│ │ scheduler_pipe_readers = <scheduler_pipe_readers> │                                                                │\n"
        "│ │        scheduler_procs = <scheduler_procs>        │                                                                │\n"
        "│ ╰───────────────────────────────────────────────────╯                                                                │\n"
        "╰──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────╯\n"
        "RuntimeError: Rank 0 scheduler died during initialization (exit code: -6). If exit code is -9 (SIGKILL), a common cause \n"
        "is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
    ),
)

case(
    "rich-boxed-no-locals-bootstrap-port",
    "port_in_use",
    "0.5.10.post1",
    "entrypoints/engine.py:657-661",
    "rich 15.0.0 traceback.install() without locals, width 100 (the exception line wrapped by rich)",
    "engine_info_bootstrap_port already in use by another instance: a port in use",
    (
        "╭─────────────────────────────── Traceback (most recent call last) ────────────────────────────────╮\n"
        "│ /home/ubuntu/seed_engine.py:6 in <module>                                                        │\n"
        "│                                                                                                  │\n"
        "│    3                                                                                             │\n"
        "│    4 install()                                                                                   │\n"
        "│    5                                                                                             │\n"
        "│ ❱  6 engine = sgl.Engine(                                                                        │\n"
        '│    7 │   model_path="Qwen/Qwen3-32B",                                                            │\n'
        "│    8 │   tp_size=4,                                                                              │\n"
        "│    9 │   remote_instance_weight_loader_start_seed_via_transfer_engine=True,                      │\n"
        "│                                                                                                  │\n"
        "│ /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:197 in __init__         │\n"
        "│                                                                                                  │\n"
        "│    194 │   │   │   port_args,                                                                    │\n"
        "│    195 │   │   │   scheduler_init_result,                                                        │\n"
        "│    196 │   │   │   subprocess_watchdog,                                                          │\n"
        "│ ❱  197 │   │   ) = self._launch_subprocesses(                                                    │\n"
        "│    198 │   │   │   server_args=server_args,                                                      │\n"
        "│    199 │   │   │   init_tokenizer_manager_func=self.init_tokenizer_manager_func,                 │\n"
        "│    200 │   │   │   run_scheduler_process_func=self.run_scheduler_process_func,                   │\n"
        "│                                                                                                  │\n"
        "│ /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:658 in                  │\n"
        "│ _launch_subprocesses                                                                             │\n"
        "│                                                                                                  │\n"
        "│    655 │   │   ):                                                                                │\n"
        "│    656 │   │   │   bootstrap_port = server_args.engine_info_bootstrap_port                       │\n"
        "│    657 │   │   │   if not is_port_available(bootstrap_port):                                     │\n"
        "│ ❱  658 │   │   │   │   raise RuntimeError(                                                       │\n"
        '│    659 │   │   │   │   │   f"engine_info_bootstrap_port {bootstrap_port} is already in use. "    │\n'
        '│    660 │   │   │   │   │   f"When running multiple instances on the same node, each instance mu  │\n'
        '│    661 │   │   │   │   │   f"different --engine-info-bootstrap-port."                            │\n'
        "│                                                                                                  │\n"
        "│ /usr/local/lib/python3.12/dist-packages/torch/multiprocessing/spawn.py:89 in _wrap               │\n"
        "│                                                                                                  │\n"
        "│    86 │   _prctl_pr_set_pdeathsig(signal.SIGINT)                                                 │\n"
        "│    87 │                                                                                          │\n"
        "│    88 │   try:                                                                                   │\n"
        "│ ❱  89 │   │   fn(i, *args)                                                                       │\n"
        "│    90 │   except KeyboardInterrupt:                                                              │\n"
        "│    91 │   │   pass  # SIGINT; Killed by parent, do nothing                                       │\n"
        "│    92 │   except Exception:                                                                      │\n"
        "│                                                                                                  │\n"
        "│ in run_rollout:7                                                                                 │\n"
        "│                                                                                                  │\n"
        "│    4                                                                                             │\n"
        "│    5                                                                                             │\n"
        "│    6 def run_rollout(rank, cfg):                                                                 │\n"
        '│ ❱  7 │   engine = sgl.Engine(model_path=cfg["model"], base_gpu_id=rank, remote_instance_weigh    │\n'
        '│    8 │   engine.generate(cfg["prompts"], cfg["sampling"])                                        │\n'
        "│    9                                                                                             │\n"
        "│   10                                                                                             │\n"
        "│                                                                                                  │\n"
        "│ /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:197 in __init__         │\n"
        "│                                                                                                  │\n"
        "│    194 │   │   │   port_args,                                                                    │\n"
        "│    195 │   │   │   scheduler_init_result,                                                        │\n"
        "│    196 │   │   │   subprocess_watchdog,                                                          │\n"
        "│ ❱  197 │   │   ) = self._launch_subprocesses(                                                    │\n"
        "│    198 │   │   │   server_args=server_args,                                                      │\n"
        "│    199 │   │   │   init_tokenizer_manager_func=self.init_tokenizer_manager_func,                 │\n"
        "│    200 │   │   │   run_scheduler_process_func=self.run_scheduler_process_func,                   │\n"
        "│                                                                                                  │\n"
        "│ /usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py:658 in                  │\n"
        "│ _launch_subprocesses                                                                             │\n"
        "│                                                                                                  │\n"
        "│    655 │   │   ):                                                                                │\n"
        "│    656 │   │   │   bootstrap_port = server_args.engine_info_bootstrap_port                       │\n"
        "│    657 │   │   │   if not is_port_available(bootstrap_port):                                     │\n"
        "│ ❱  658 │   │   │   │   raise RuntimeError(                                                       │\n"
        '│    659 │   │   │   │   │   f"engine_info_bootstrap_port {bootstrap_port} is already in use. "    │\n'
        '│    660 │   │   │   │   │   f"When running multiple instances on the same node, each instance mu  │\n'
        '│    661 │   │   │   │   │   f"different --engine-info-bootstrap-port."                            │\n'
        "╰──────────────────────────────────────────────────────────────────────────────────────────────────╯\n"
        "RuntimeError: engine_info_bootstrap_port 6789 is already in use. When running multiple instances on \n"
        "the same node, each instance must use a different --engine-info-bootstrap-port."
    ),
)

case(
    "loguru-catch-mamba-spec-radix",
    "config_error",
    "0.5.10.post1",
    "server_args.py:2206-2209 (_handle_mamba_radix_cache)",
    "loguru 0.7.3 @logger.catch with diagnose=True: `> File` on the catching frame, `|`/`->` value annotations under each line",
    "speculative decoding with --mamba-scheduler-strategy no_buffer and the radix cache: a bad argument combination",
    (
        "2026-03-02 10:00:12.481 | ERROR    | __main__:<module>:11 - An error has been caught in function '<module>', process 'MainProcess' (81234), thread 'MainThread' (140238741485376):\n"
        "Traceback (most recent call last):\n"
        "\n"
        '> File "/home/user/bench/run_eval.py", line 11, in <module>\n'
        '    main("Qwen/Qwen3-Next-80B-A3B-Instruct")\n'
        "    -> <function main at 0x7f50a89a8720>\n"
        "\n"
        '  File "/home/user/bench/run_eval.py", line 7, in main\n'
        '    engine = sgl.Engine(model_path=model_path, speculative_algorithm="EAGLE", mamba_scheduler_strategy="no_buffer")\n'
        "             |   |                 -> 'Qwen/Qwen3-Next-80B-A3B-Instruct'\n"
        "             |   -> <class 'sglang.srt.entrypoints.engine.Engine'>\n"
        "             -> <module 'sglang' from '/usr/local/lib/python3.12/dist-packages/sglang/__init__.py'>\n"
        "\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 179, in __init__\n'
        "    server_args = self.server_args_class(**kwargs)\n"
        "                  |                        -> {'model_path': 'Qwen/Qwen3-Next-80B-A3B-Instruct', 'speculative_algorithm': 'EAGLE', 'mamba_scheduler_strategy': 'no_buffer'}\n"
        "                  -> <sglang.srt.entrypoints.engine.Engine object at 0x7f3a1c2b9cd0>\n"
        "\n"
        '  File "<string>", line 352, in __init__\n'
        "\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 787, in __post_init__\n'
        "    self._handle_model_specific_adjustments()\n"
        "    -> ServerArgs(model_path='Qwen/Qwen3-Next-80B-A3B-Instruct', tokenizer_path='Qwen/Qwen3-Next-80B-A3B-Instruct', tokenizer_mode='aut...\n"
        "\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 1915, in _handle_model_specific_adjustments\n'
        "    self._handle_mamba_radix_cache(\n"
        "    -> ServerArgs(model_path='Qwen/Qwen3-Next-80B-A3B-Instruct', tokenizer_path='Qwen/Qwen3-Next-80B-A3B-Instruct', tokenizer_mode='aut...\n"
        "\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 2206, in _handle_mamba_radix_cache\n'
        "    raise ValueError(\n"
        "\n"
        "ValueError: Speculative decoding for Qwen3NextForCausalLM is not compatible with radix cache when using --mamba-scheduler-strategy no_buffer.To use radix cache with speculative decoding, please use --mamba-scheduler-strategy extra_buffer and set SGLANG_ENABLE_SPEC_V2=1."
    ),
)

case(
    "pytest-setup-error-server-exited-after-pynccl",
    "nccl_or_distributed",
    "0.5.10.post1",
    "distributed/device_communicators/pynccl_wrapper.py:376 (NCCL_CHECK) in the server; test/test_utils.py:975 (popen_launch_server)",
    "pytest 9.2 long traceback of a unittest setUpClass (`ERROR at setup of`, `>` line, `E       ` line, `Captured stdout setup`, short test summary)",
    "the server under test died in ncclCommInitRank (unhandled system error); the test only sees `exited with code -9`",
    (
        "============================= test session starts ==============================\n"
        "platform linux -- Python 3.12.3, pytest-8.3.5, pluggy-1.5.0\n"
        "rootdir: /sgl-workspace/sglang/test\n"
        "collected 1 item\n"
        "\n"
        "srt/test_nightly_tp8.py E                                                [100%]\n"
        "\n"
        "==================================== ERRORS ====================================\n"
        "_____________________ ERROR at setup of TestTP8.test_gsm8k _____________________\n"
        "\n"
        "cls = <class 'test_nightly_tp8.TestTP8'>\n"
        "\n"
        "    @classmethod\n"
        "    def setUpClass(cls):\n"
        '        cls.model = "meta-llama/Llama-3.1-70B-Instruct"\n'
        '        cls.base_url = "http://127.0.0.1:21000"\n'
        ">       cls.process = popen_launch_server(\n"
        "            cls.model,\n"
        "            cls.base_url,\n"
        "            timeout=1200,\n"
        '            other_args=["--tp", "8", "--enable-dp-attention", "--dp", "8"],\n'
        "        )\n"
        "\n"
        "srt/test_nightly_tp8.py:16: \n"
        "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ \n"
        "\n"
        "model = 'meta-llama/Llama-3.1-70B-Instruct', base_url = 'http://127.0.0.1:21000'\n"
        "timeout = 1200, api_key = None\n"
        "other_args = ['--tp', '8', '--enable-dp-attention', '--dp', '8'], env = None\n"
        "return_stdout_stderr = None, device = 'auto', pd_separated = False\n"
        "num_replicas = None\n"
        "\n"
        "    def popen_launch_server(\n"
        "        model: str,\n"
        "        base_url: str,\n"
        "        timeout: float,\n"
        "        api_key: Optional[str] = None,\n"
        "        other_args: Optional[list[str]] = None,\n"
        "        env: Optional[dict] = None,\n"
        "        return_stdout_stderr: Optional[tuple] = None,\n"
        '        device: str = "auto",\n'
        "        pd_separated: bool = False,\n"
        "        num_replicas: Optional[int] = None,\n"
        "    ):\n"
        '        """Launch a server process with automatic device detection and offline/online retry.\n'
        "    \n"
        "        Args:\n"
        "            model: Model path or identifier\n"
        "            base_url: Base URL for the server\n"
        "            timeout: Timeout for server startup\n"
        "            api_key: Optional API key for authentication\n"
        "            other_args: Additional command line arguments\n"
        "            env: Environment dict for subprocess\n"
        "            return_stdout_stderr: Optional tuple for output capture\n"
        '            device: Device type ("auto", "cuda", "rocm" or "cpu")\n'
        "            pd_separated: Whether to use PD separated mode\n"
        "            num_replicas: Number of replicas for mixed PD mode\n"
        "    \n"
        "        Returns:\n"
        "            Started subprocess.Popen object\n"
        '        """\n'
        "        other_args = other_args or []\n"
        "    \n"
        "        # Auto-detect device if needed\n"
        '        if device == "auto":\n'
        "            device = auto_config_device()\n"
        "            other_args = list(other_args)\n"
        '            other_args += ["--device", str(device)]\n'
        "    \n"
        "        # CI-specific: Validate cache and enable offline mode if complete\n"
        "        if env is None:\n"
        "            env = os.environ.copy()\n"
        "        else:\n"
        "            merged = os.environ.copy()\n"
        "            merged.update(env)\n"
        "            env = merged\n"
        "    \n"
        "        # Store per-run marker path for potential invalidation\n"
        "        per_run_marker_path = None\n"
        "        try:\n"
        "            from sglang.utils import is_in_ci\n"
        "    \n"
        "            if is_in_ci():\n"
        "                per_run_marker_path = _try_enable_offline_mode_if_cache_complete(\n"
        "                    model, env, other_args\n"
        "                )\n"
        "        except Exception as e:\n"
        '            print(f"CI cache validation failed (non-fatal): {e}")\n'
        "    \n"
        "        # Build server command\n"
        '        _, host, port = base_url.split(":")\n'
        "        host = host[2:]\n"
        "    \n"
        "        use_mixed_pd_engine = not pd_separated and num_replicas is not None\n"
        "        if pd_separated or use_mixed_pd_engine:\n"
        "            command = [\n"
        '                "python3",\n'
        '                "-m",\n'
        '                "sglang.launch_pd_server",\n'
        '                "--model-path",\n'
        "                model,\n"
        "                *[str(x) for x in other_args],\n"
        "            ]\n"
        "        else:\n"
        "            command = [\n"
        '                "sglang",\n'
        '                "serve",\n'
        '                "--model-path",\n'
        "                model,\n"
        "                *[str(x) for x in other_args],\n"
        "            ]\n"
        "    \n"
        "        if pd_separated or use_mixed_pd_engine:\n"
        '            command.extend(["--lb-host", host, "--lb-port", port])\n'
        "        else:\n"
        '            command.extend(["--host", host, "--port", port])\n'
        "    \n"
        "        if use_mixed_pd_engine:\n"
        '            command.extend(["--mixed", "--num-replicas", str(num_replicas)])\n'
        "    \n"
        "        if api_key:\n"
        '            command += ["--api-key", api_key]\n'
        "    \n"
        '        print(f"command={shlex.join(command)}")\n'
        "    \n"
        "        # Track if offline mode was enabled for potential retry\n"
        '        offline_enabled = env.get("HF_HUB_OFFLINE") == "1"\n'
        "    \n"
        "        # First launch attempt\n"
        "        process = _launch_server_process(command, env, return_stdout_stderr, model)\n"
        "        success, error_msg = _wait_for_server_health(process, base_url, api_key, timeout)\n"
        "    \n"
        "        # If offline launch failed and offline was enabled, retry with online mode\n"
        "        if not success and offline_enabled:\n"
        "            print(\n"
        '                f"CI_OFFLINE: Offline launch failed ({error_msg}), retrying with online mode..."\n'
        "            )\n"
        "    \n"
        "            # Kill failed process\n"
        "            try:\n"
        "                if process.poll() is None:\n"
        "                    kill_process_tree(process.pid)\n"
        "                else:\n"
        "                    process.wait(timeout=5)\n"
        "            except Exception as e:\n"
        '                print(f"CI_OFFLINE: Error cleaning up failed offline process: {e}")\n'
        "    \n"
        "            # Invalidate per-run marker to prevent subsequent tests from using offline\n"
        "            if per_run_marker_path and os.path.exists(per_run_marker_path):\n"
        "                try:\n"
        "                    os.remove(per_run_marker_path)\n"
        '                    print("CI_OFFLINE: Invalidated per-run marker due to offline failure")\n'
        "                except Exception as e:\n"
        '                    print(f"CI_OFFLINE: Failed to remove per-run marker: {e}")\n'
        "    \n"
        "            # Retry with online mode\n"
        '            env["HF_HUB_OFFLINE"] = "0"\n'
        "            process = _launch_server_process(command, env, return_stdout_stderr, model)\n"
        "            success, error_msg = _wait_for_server_health(\n"
        "                process, base_url, api_key, timeout\n"
        "            )\n"
        "    \n"
        "            if success:\n"
        '                print("CI_OFFLINE: Online retry succeeded")\n'
        "                return process\n"
        "    \n"
        "            # Online retry also failed\n"
        "            try:\n"
        "                kill_process_tree(process.pid)\n"
        "            except Exception as e:\n"
        '                print(f"CI_OFFLINE: Error killing process after online retry failure: {e}")\n'
        "    \n"
        '            if "exited" in error_msg:\n'
        '                raise Exception(error_msg + ". Check server logs for errors.")\n'
        "            raise TimeoutError(error_msg)\n"
        "    \n"
        "        # First attempt succeeded or offline was not enabled\n"
        "        if success:\n"
        "            return process\n"
        "    \n"
        "        # First attempt failed and offline was not enabled\n"
        "        try:\n"
        "            kill_process_tree(process.pid)\n"
        "        except Exception as e:\n"
        '            print(f"CI_OFFLINE: Error killing process after first attempt failure: {e}")\n'
        "    \n"
        '        if "exited" in error_msg:\n'
        '>           raise Exception(error_msg + ". Check server logs for errors.")\n'
        "E           Exception: Server process exited with code -9. Check server logs for errors.\n"
        "\n"
        "../../../usr/local/lib/python3.12/dist-packages/sglang/test/test_utils.py:975: Exception\n"
        "---------------------------- Captured stdout setup -----------------------------\n"
        "[2026-03-02 10:00:00] server_args=ServerArgs(model_path='meta-llama/Llama-3.1-70B-Instruct', tokenizer_path='meta-llama/Llama-3.1-70B-Instruct', tp_size=8, dp_size=8, enable_dp_attention=True, port=21000, log_level='info')\n"
        "[2026-03-02 10:00:06 DP0 TP0] Init torch distributed begin.\n"
        "[2026-03-02 10:00:12 DP0 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3600, in run_scheduler_process\n'
        "    scheduler = Scheduler(\n"
        "                ^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 385, in __init__\n'
        "    self.init_model_worker()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 632, in init_model_worker\n'
        "    self.init_tp_model_worker()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 600, in init_tp_model_worker\n'
        "    self.tp_worker = TpModelWorker(**worker_kwargs)\n"
        "                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 261, in __init__\n'
        "    self._init_model_runner()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 344, in _init_model_runner\n'
        "    self._model_runner = ModelRunner(\n"
        "                         ^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 403, in __init__\n'
        "    pre_model_load_memory = self.init_torch_distributed()\n"
        "                            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 964, in init_torch_distributed\n'
        "    initialize_model_parallel(\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/parallel_state.py", line 1790, in initialize_model_parallel\n'
        "    _TP = init_model_parallel_group(\n"
        "          ^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/parallel_state.py", line 1411, in init_model_parallel_group\n'
        "    return GroupCoordinator(\n"
        "           ^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/parallel_state.py", line 356, in __init__\n'
        "    self.pynccl_comm = PyNcclCommunicator(\n"
        "                       ^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/device_communicators/pynccl.py", line 109, in __init__\n'
        "    self.comm: ncclComm_t = self.nccl.ncclCommInitRank(\n"
        "                            ^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/device_communicators/pynccl_wrapper.py", line 401, in ncclCommInitRank\n'
        "    self.NCCL_CHECK(\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/device_communicators/pynccl_wrapper.py", line 376, in NCCL_CHECK\n'
        '    raise RuntimeError(f"NCCL error: {error_str}")\n'
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n"
        "[2026-03-02 10:01:39] Received sigquit from a child process. It usually means the child failed.\n"
        "=========================== short test summary info ============================\n"
        "ERROR srt/test_nightly_tp8.py::TestTP8::test_gsm8k - Exception: Server proces...\n"
        "=============================== 1 error in 131.42s (0:02:11) ==============================="
    ),
)

case(
    "pytest-summary-line-only-nccl-port",
    "port_in_use",
    "0.5.10.post1",
    "utils/network.py:74",
    "pytest -q short test summary at COLUMNS=120 (the reprcrash message cut to the terminal width with `...`), pasted alone",
    "the summary keeps `nccl_port at 38519 is not available in 30 seconds`: a port held by another process",
    "FAILED tests/test_two_engines.py::test_two_engines - ValueError: nccl_port at 38519 is not available in 30 seconds. n...",
)

case(
    "torchrun-childfailed-prefill-oom",
    "oom_runtime",
    "0.5.10.post1 + torch 2.6+ elastic",
    "mem_cache/common.py:284-292 (alloc_paged_token_slots_extend: logger.error then raise); torch/distributed/elastic/multiprocessing/errors ChildFailedError.format_msg",
    "torchrun's ChildFailedError summary table (`Root Cause (first observed failure):`, `exitcode  : -9`, `Signal 9 (SIGKILL) received by PID`), its api.py frames cut to launch_agent",
    "a prefill batch found no KV slots while serving (the engine in a torchrun worker was generating): out of memory at runtime",
    (
        "[2026-03-02 10:02:40 TP0] Prefill out of memory. Try to lower your batch size.\n"
        "Try to allocate 12288 tokens.\n"
        "Available tokens: 3072 (available_size=1024 + evictable_size=2048)\n"
        "\n"
        "[2026-03-02 10:02:40 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3616, in run_scheduler_process\n'
        "    scheduler.run_event_loop()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 1300, in run_event_loop\n'
        "    dispatch_event_loop(self)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3497, in dispatch_event_loop\n'
        "    scheduler.event_loop_overlap()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 1350, in event_loop_overlap\n'
        "    batch = self.get_next_batch_to_run()\n"
        "            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 2248, in get_next_batch_to_run\n'
        "    new_batch = self.get_new_batch_prefill()\n"
        "                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 2315, in get_new_batch_prefill\n'
        "    ret = self._get_new_batch_prefill_raw(\n"
        "          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 2518, in _get_new_batch_prefill_raw\n'
        "    new_batch.prepare_for_extend()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/schedule_batch.py", line 1615, in prepare_for_extend\n'
        "    out_cache_loc, req_pool_indices_tensor, req_pool_indices = alloc_for_extend(\n"
        "                                                               ^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/mem_cache/common.py", line 366, in alloc_for_extend\n'
        "    out_cache_loc = alloc_paged_token_slots_extend(\n"
        "                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/mem_cache/common.py", line 292, in alloc_paged_token_slots_extend\n'
        "    raise RuntimeError(error_msg)\n"
        "RuntimeError: Prefill out of memory. Try to lower your batch size.\n"
        "Try to allocate 12288 tokens.\n"
        "Available tokens: 3072 (available_size=1024 + evictable_size=2048)\n"
        "[2026-03-02 10:02:40] Received sigquit from a child process. It usually means the child failed.\n"
        "E0302 10:02:41.562000 81200 torch/distributed/elastic/multiprocessing/api.py:874] failed (exitcode: -9) local_rank: 0 (pid: 81234) of binary: /usr/bin/python3\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/launcher/api.py", line 156, in __call__\n'
        "    return launch_agent(self._config, self._entrypoint, list(args))\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/launcher/api.py", line 293, in launch_agent\n'
        "    raise ChildFailedError(\n"
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
        "============================================================\n"
        "offline_dp_generate.py FAILED\n"
        "------------------------------------------------------------\n"
        "Failures:\n"
        "  <NO_OTHER_FAILURES>\n"
        "------------------------------------------------------------\n"
        "Root Cause (first observed failure):\n"
        "[0]:\n"
        "  time      : 2026-03-02_10:02:41\n"
        "  host      : gpu-node-07\n"
        "  rank      : 0 (local_rank: 0)\n"
        "  exitcode  : -9 (pid: 81234)\n"
        "  error_file: <N/A>\n"
        "  traceback : Signal 9 (SIGKILL) received by PID 81234\n"
        "============================================================"
    ),
)

case(
    "torch-spawn-process-raised-bootstrap-port",
    "port_in_use",
    "0.5.10.post1 + pytorch torch/multiprocessing/spawn.py (04dd8db7)",
    "entrypoints/engine.py:657-661; spawn.py:211-213 (msg = '\\n\\n-- Process %d terminated with the following error:\\n' + format_exc)",
    "torch.multiprocessing.spawn: the parent's traceback ending in `ProcessRaisedException:` whose message carries the worker's traceback",
    "worker 1's engine found engine_info_bootstrap_port taken by worker 0's: a port in use",
    (
        "Traceback (most recent call last):\n"
        '  File "/home/ubuntu/rl/rollout.py", line 12, in <module>\n'
        "    mp.spawn(run_rollout, args=(CFG,), nprocs=2, join=True)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/multiprocessing/spawn.py", line 340, in spawn\n'
        '    return start_processes(fn, args, nprocs, join, daemon, start_method="spawn")\n'
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/multiprocessing/spawn.py", line 298, in start_processes\n'
        "    while not context.join():\n"
        "              ^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/multiprocessing/spawn.py", line 213, in join\n'
        "    raise ProcessRaisedException(msg, error_index, failed_process.pid)\n"
        "torch.multiprocessing.spawn.ProcessRaisedException: \n"
        "\n"
        "-- Process 1 terminated with the following error:\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/multiprocessing/spawn.py", line 89, in _wrap\n'
        "    fn(i, *args)\n"
        '  File "/home/ubuntu/rl/rollout.py", line 7, in run_rollout\n'
        '    engine = sgl.Engine(model_path=cfg["model"], base_gpu_id=rank, remote_instance_weight_loader_start_seed_via_transfer_engine=True)\n'
        "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 197, in __init__\n'
        "    ) = self._launch_subprocesses(\n"
        "        ^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 658, in _launch_subprocesses\n'
        "    raise RuntimeError(\n"
        "RuntimeError: engine_info_bootstrap_port 6789 is already in use. When running multiple instances on the same node, each instance must use a different --engine-info-bootstrap-port."
    ),
)

case(
    "torch-spawn-process-exited-sigkill-kv",
    "oom_kv_cache",
    "0.5.10.post1 + pytorch spawn.py (04dd8db7)",
    "model_executor/model_runner_kv_cache_mixin.py:57-60; spawn.py:194 (ProcessExitedException 'process %d terminated with signal %s')",
    "torch.multiprocessing.spawn after SGLang's kill_process_tree SIGKILLs the worker: the scheduler's traceback, the sigquit line, spawn's SIGTERM warning, `ProcessExitedException: process 0 terminated with signal SIGKILL`",
    "the KV pool got no tokens (raise --mem-fraction-static); the SIGKILL is SGLang killing its own tree",
    (
        "[2026-03-02 10:00:52 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3600, in run_scheduler_process\n'
        "    scheduler = Scheduler(\n"
        "                ^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 385, in __init__\n'
        "    self.init_model_worker()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 632, in init_model_worker\n'
        "    self.init_tp_model_worker()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 600, in init_tp_model_worker\n'
        "    self.tp_worker = TpModelWorker(**worker_kwargs)\n"
        "                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 261, in __init__\n'
        "    self._init_model_runner()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 344, in _init_model_runner\n'
        "    self._model_runner = ModelRunner(\n"
        "                         ^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 427, in __init__\n'
        "    self.initialize(pre_model_load_memory)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 623, in initialize\n'
        "    self.init_memory_pool(pre_model_load_memory)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner_kv_cache_mixin.py", line 899, in init_memory_pool\n'
        "    self.memory_pool_config = self._resolve_memory_pool_config(\n"
        "                              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner_kv_cache_mixin.py", line 885, in _resolve_memory_pool_config\n'
        "    return MemoryPoolConfig(\n"
        "           ^^^^^^^^^^^^^^^^^\n"
        '  File "<string>", line 8, in __init__\n'
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner_kv_cache_mixin.py", line 60, in __post_init__\n'
        "    raise RuntimeError(msg)\n"
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.88\n"
        "[2026-03-02 10:01:39] Received sigquit from a child process. It usually means the child failed.\n"
        "Terminating process 81302 via signal SIGTERM\n"
        "Traceback (most recent call last):\n"
        '  File "/home/ubuntu/rl/rollout.py", line 12, in <module>\n'
        "    mp.spawn(run_rollout, args=(CFG,), nprocs=2, join=True)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/multiprocessing/spawn.py", line 340, in spawn\n'
        '    return start_processes(fn, args, nprocs, join, daemon, start_method="spawn")\n'
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/multiprocessing/spawn.py", line 298, in start_processes\n'
        "    while not context.join():\n"
        "              ^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torch/multiprocessing/spawn.py", line 194, in join\n'
        "    raise ProcessExitedException(\n"
        "torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGKILL"
    ),
)

case(
    "ray-taskerror-trtllm-mha-decode",
    "config_error",
    "0.5.10.post1 + ray (python/ray/exceptions.py RayTaskError.__str__)",
    "server_args.py:2387",
    "Ray's RayTaskError: `ray.exceptions.RayTaskError(ValueError): ray::Actor.method() (pid=, ip=, actor_id=, repr=)` replacing the remote `Traceback` line",
    "decode_attention_backend='trtllm_mha' on a GPU that has no such kernels: a bad argument",
    (
        "ray.exceptions.RayTaskError(ValueError): ray::SGLangRollout.init_engine() (pid=81234, ip=10.0.0.5, actor_id=7b9995853ad2be757c1825e501000000, repr=<rollout_worker.SGLangRollout object at 0x7f2a6c3b5e50>)\n"
        '  File "/home/ray/rollout_worker.py", line 11, in init_engine\n'
        '    self.engine = sgl.Engine(model_path=self.model_path, decode_attention_backend="trtllm_mha")\n'
        "                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/engine.py", line 179, in __init__\n'
        "    server_args = self.server_args_class(**kwargs)\n"
        "                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "<string>", line 352, in __init__\n'
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 791, in __post_init__\n'
        "    self._handle_attention_backend_compatibility()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 2387, in _handle_attention_backend_compatibility\n'
        "    raise ValueError(\n"
        "ValueError: TRTLLM MHA backend for decode is only supported on Hopper (SM90), Blackwell (SM100) and (SM120) GPUs. Please use a different decode backend."
    ),
)

case(
    "ray-actor-died-prefixed-pynccl",
    "nccl_or_distributed",
    "0.5.10.post1 + ray ActorDiedError",
    "distributed/device_communicators/pynccl_wrapper.py:376",
    "Ray driver output: the actor's stderr lines prefixed `(SGLangRollout pid=N) `, then ActorDiedError's text (which itself suggests an OOM killer)",
    "the scheduler in the actor failed ncclCommInitRank; SGLang then SIGKILLed its own tree, which Ray reports as an unexpected exit: distributed",
    (
        "(SGLangRollout pid=81234) [2026-03-02 10:00:06 TP0] Init torch distributed begin.\n"
        "(SGLangRollout pid=81234) [2026-03-02 10:00:12 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3600, in run_scheduler_process\n'
        "(SGLangRollout pid=81234)     scheduler = Scheduler(\n"
        "(SGLangRollout pid=81234)                 ^^^^^^^^^^\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 385, in __init__\n'
        "(SGLangRollout pid=81234)     self.init_model_worker()\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 632, in init_model_worker\n'
        "(SGLangRollout pid=81234)     self.init_tp_model_worker()\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 600, in init_tp_model_worker\n'
        "(SGLangRollout pid=81234)     self.tp_worker = TpModelWorker(**worker_kwargs)\n"
        "(SGLangRollout pid=81234)                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 261, in __init__\n'
        "(SGLangRollout pid=81234)     self._init_model_runner()\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/tp_worker.py", line 344, in _init_model_runner\n'
        "(SGLangRollout pid=81234)     self._model_runner = ModelRunner(\n"
        "(SGLangRollout pid=81234)                          ^^^^^^^^^^^^\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 403, in __init__\n'
        "(SGLangRollout pid=81234)     pre_model_load_memory = self.init_torch_distributed()\n"
        "(SGLangRollout pid=81234)                             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/model_runner.py", line 964, in init_torch_distributed\n'
        "(SGLangRollout pid=81234)     initialize_model_parallel(\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/parallel_state.py", line 1790, in initialize_model_parallel\n'
        "(SGLangRollout pid=81234)     _TP = init_model_parallel_group(\n"
        "(SGLangRollout pid=81234)           ^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/parallel_state.py", line 1411, in init_model_parallel_group\n'
        "(SGLangRollout pid=81234)     return GroupCoordinator(\n"
        "(SGLangRollout pid=81234)            ^^^^^^^^^^^^^^^^^\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/parallel_state.py", line 356, in __init__\n'
        "(SGLangRollout pid=81234)     self.pynccl_comm = PyNcclCommunicator(\n"
        "(SGLangRollout pid=81234)                        ^^^^^^^^^^^^^^^^^^^\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/device_communicators/pynccl.py", line 109, in __init__\n'
        "(SGLangRollout pid=81234)     self.comm: ncclComm_t = self.nccl.ncclCommInitRank(\n"
        "(SGLangRollout pid=81234)                             ^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/device_communicators/pynccl_wrapper.py", line 401, in ncclCommInitRank\n'
        "(SGLangRollout pid=81234)     self.NCCL_CHECK(\n"
        '(SGLangRollout pid=81234)   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/distributed/device_communicators/pynccl_wrapper.py", line 376, in NCCL_CHECK\n'
        '(SGLangRollout pid=81234)     raise RuntimeError(f"NCCL error: {error_str}")\n'
        "(SGLangRollout pid=81234) RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n"
        "(SGLangRollout pid=81234) [2026-03-02 10:01:39] Received sigquit from a child process. It usually means the child failed.\n"
        "Traceback (most recent call last):\n"
        '  File "/home/ray/train_grpo.py", line 41, in <module>\n'
        "    ray.get([w.init_engine.remote() for w in workers])\n"
        "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.\n"
        "\tclass_name: SGLangRollout\n"
        "\tactor_id: 7b9995853ad2be757c1825e501000000\n"
        "\tpid: 81234\n"
        "\tname: rollout_0\n"
        "\tnamespace: 9a0c2f4e-63f1-4b7e-9d55-1c2e3f4a5b6c\n"
        "\tip: 10.0.0.5\n"
        "The actor is dead because its worker process has died. Worker exit type: UNEXPECTED_SYSTEM_EXIT Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors."
    ),
)

case(
    "cut-top-frames-only-prefill-oom",
    "oom_runtime",
    "0.5.10.post1",
    "mem_cache/common.py:284-292",
    "a report cut after the first frames of the scheduler's traceback (the exception line never pasted)",
    "SGLang's logger.error before the raise says `Prefill out of memory` with the pool's state: out of memory while serving",
    (
        "[2026-03-02 10:02:40 TP0] Prefill out of memory. Try to lower your batch size.\n"
        "Try to allocate 12288 tokens.\n"
        "Available tokens: 3072 (available_size=1024 + evictable_size=2048)\n"
        "\n"
        "[2026-03-02 10:02:40 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3616, in run_scheduler_process\n'
        "    scheduler.run_event_loop()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 1300, in run_event_loop\n'
        "    dispatch_event_loop(self)\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3497, in dispatch_event_loop\n'
        "    scheduler.event_loop_overlap()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 1350, in event_loop_overlap\n'
        "    batch = self.get_next_batch_to_run()"
    ),
)

case(
    "cut-exception-line-only-deepep-buffer",
    "oom_moe_workspace",
    "DeepEP csrc/deep_ep.cpp:49 CUDA_CHECK(cudaMalloc) via csrc/kernels/exception.cuh (EPException)",
    "DeepEP's EPException text",
    "only the exception line pasted",
    "DeepEP's NVL buffer allocation failed with 'out of memory': an MoE communication buffer",
    "RuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:49 'out of memory'",
)

case(
    "cut-exception-line-only-pynccl",
    "nccl_or_distributed",
    "0.5.10.post1",
    "distributed/device_communicators/pynccl_wrapper.py:376",
    "only the exception line pasted",
    "SGLang's own NCCL wrapper failing a call: distributed",
    "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
)

case(
    "cut-exception-line-only-kv-pool",
    "oom_kv_cache",
    "0.5.10.post1",
    "model_executor/model_runner_kv_cache_mixin.py:57-60",
    "only the exception line pasted",
    "the KV pool's own advice: raise --mem-fraction-static",
    "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.88",
)

case(
    "cut-exception-lines-only-illegal-address",
    "cuda_error_other",
    "torch 2.9 c10/cuda/CUDAException.cpp (c10_cuda_check_implementation)",
    "the CUDA error text torch raises",
    "only the exception line and torch's three hint lines pasted",
    "an illegal memory access: a CUDA error",
    (
        "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry): name -> what it answered.
XFAIL: dict[str, str] = {
    "taskgroup-exceptiongroup-input-too-long": "unknown",
    "asyncio-task-exception-never-retrieved": "unknown",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_failure_keeps_its_family_in_the_form_it_was_pasted_in(name: str) -> None:
    c = CASES[name]
    d = classify_text(c.log)
    assert d.label == c.label, f"{c.source} in {c.form}: {d.label} by {d.rule}"


def test_the_cases_span_the_labels() -> None:
    labels = {c.label for c in CASES.values()}
    assert len(CASES) >= 30 and len(labels) == 10, sorted(labels)

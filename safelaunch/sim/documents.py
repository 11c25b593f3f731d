"""The documents the server answers with: `/model_info`, `/server_info` and `/metrics`.

Each is built from the launch (the resolved flags, the model) and from what the ranks reported when ready
(pool capacity, memory per kind), plus the server's live counters for `/metrics`, in the shapes and
names SGLang serves them (safelaunch's probes and benchmarks read these fields).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from safelaunch.sim.launch import resolved_args

if TYPE_CHECKING:
    from safelaunch.sim.server import SimServer


def model_info(srv: SimServer) -> dict[str, Any]:
    """`/model_info` (and the deprecated `/get_model_info`)."""
    args, model = srv.launch.args, srv.launch.model
    return {
        "model_path": args.model_path,
        "tokenizer_path": args.raw.get("tokenizer_path") or args.model_path,
        "is_generation": True,
        "preferred_sampling_params": args.raw.get("preferred_sampling_params"),
        "weight_version": args.raw.get("weight_version", "default"),
        "has_image_understanding": False,
        "has_audio_understanding": False,
        "model_type": model.architecture.replace("ForCausalLM", "").lower(),
        "architectures": [model.architecture],
    }


def server_info(srv: SimServer) -> dict[str, Any]:
    """`/server_info`: the resolved ServerArgs, the pool's capacity, each DP rank's memory."""
    launch = srv.launch
    resolved = resolved_args(launch.args, launch.plan)
    info = srv.infos[0]
    states = []
    for rank_info in srv.infos[: max(1, launch.plan.dp if launch.plan.dp_controller else 1)]:
        states.append(
            {
                **resolved,
                "last_gen_throughput": srv.last_gen_throughput,
                "memory_usage": {
                    "weight": round(rank_info["weight_gib"], 2),
                    "kvcache": round(rank_info["kv_gib"], 2),
                    "token_capacity": int(rank_info["max_total_num_tokens"]),
                    "graph": round(rank_info["graph_gib"], 2),
                },
                "effective_max_running_requests_per_dp": rank_info["max_running_requests"],
            }
        )
    return {
        **resolved,
        "status": "ready",
        "max_total_num_tokens": info["max_total_num_tokens"],
        "max_req_input_len": info["max_req_input_len"],
        "internal_states": states,
        "version": str(launch.version),
        # Not SGLang's: the one key that says a rehearsal answered, so no record takes it for real SGLang
        # whatever launched it (an --engine-cmd prefix, a stand-in launcher).
        "simulated_by": {"engine": "safelaunch.sim", "memory": launch.backend_name},
    }


def metrics_text(srv: SimServer) -> str:
    """`/metrics` (with `--enable-metrics`): SGLang's gauges and counters in Prometheus' text format."""
    launch = srv.launch
    labels = f'model_name="{launch.args.model_name}",engine_type="unified",tp_rank="0",pp_rank="0",moe_ep_rank="0"'
    with srv.lock:
        running = len(srv.running)
        used = sum(r.tokens for r in srv.running.values())
        counters = dict(srv.counters)
    info = srv.infos[0]
    gauges = [
        ("sglang:num_running_reqs", "The number of running requests.", running),
        ("sglang:num_queue_reqs", "The number of requests in the waiting queue.", 0),
        ("sglang:num_used_tokens", "The number of used tokens.", used),
        ("sglang:token_usage", "The token usage.", round(used / max(1, info["max_total_num_tokens"]), 6)),
        ("sglang:gen_throughput", "The generation throughput (token/s).", round(srv.last_gen_throughput, 3)),
        ("sglang:cache_hit_rate", "The prefix cache hit rate.", 0.0),
        (
            "sglang:max_total_num_tokens",
            "Maximum total number of tokens in the KV cache pool.",
            info["max_total_num_tokens"],
        ),
        ("sglang:weight_memory_usage_gb", "Weight memory usage in GB.", round(info["weight_gib"], 2)),
        ("sglang:kv_cache_memory_usage_gb", "KV cache memory usage in GB.", round(info["kv_gib"], 2)),
        ("sglang:is_cuda_graph", "Whether the batch is using CUDA graph.", 0 if launch.plan.graphs_disabled else 1),
    ]
    lines = []
    for name, doc, value in gauges:
        lines += [f"# HELP {name} {doc}", f"# TYPE {name} gauge", f"{name}{{{labels}}} {value}"]
    lines += [
        "# HELP sglang:graph_memory_usage_gb CUDA graph memory usage in GB.",
        "# TYPE sglang:graph_memory_usage_gb gauge",
        f'sglang:graph_memory_usage_gb{{{labels},phase="decode"}} {round(info["graph_gib"], 2)}',
    ]
    for name, doc, key in (
        ("sglang:prompt_tokens_total", "Number of prefill tokens processed.", "prompt_tokens"),
        ("sglang:generation_tokens_total", "Number of generation tokens processed.", "generation_tokens"),
        ("sglang:num_requests_total", "Number of requests processed.", "requests"),
        ("sglang:http_requests_total", "Total number of HTTP requests.", "http_requests"),
    ):
        lines += [f"# HELP {name} {doc}", f"# TYPE {name} counter", f"{name}{{{labels}}} {counters[key]}"]
    return "\n".join(lines) + "\n"

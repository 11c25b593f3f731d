"""The remedy policy on plain data: direction, arithmetic from the numbers, bisection, TP escalation, limits."""

from __future__ import annotations

from dataclasses import replace

from safelaunch.core.remedies import Context, Failure, GiB, Outcome, RemedyPolicy, decide

H200 = 150754820096
CTX = Context(
    gpu_memory_bytes=H200,
    gpu_count=8,
    default_fraction=0.893,
    tp_candidates=(1, 2, 4, 8),
    weights_bytes=160 * GiB,
    attempt=1,
)


def test_workspace_oom_lowers_by_the_deficit_not_a_fixed_step() -> None:
    # the real case: FlashInfer's MoE workspace needed 1.34 GiB with 1.06 GiB free
    f = Failure("oom_moe_workspace", numbers={"tried_bytes": 1.34 * GiB, "free_bytes": 1.06 * GiB})
    d = decide(f, {"tp": 8}, CTX)
    assert d.action == "retry"
    new = d.changes["mem-fraction-static"]
    expected = 0.893 - (0.28 * GiB + GiB) / H200
    assert expected - 0.005 <= new <= expected + 1e-9
    assert "0.28 GiB missing" in d.reason


def test_bigger_deficit_lowers_further() -> None:
    small = decide(
        Failure("oom_cuda_graph", numbers={"tried_bytes": 2 * GiB, "free_bytes": 1 * GiB}),
        {"tp": 8, "mem-fraction-static": 0.95},
        CTX,
    )
    big = decide(
        Failure("oom_cuda_graph", numbers={"tried_bytes": 8 * GiB, "free_bytes": 1 * GiB}),
        {"tp": 8, "mem-fraction-static": 0.95},
        CTX,
    )
    assert big.changes["mem-fraction-static"] < small.changes["mem-fraction-static"] < 0.95


def test_no_numbers_falls_back_to_a_step() -> None:
    d = decide(Failure("oom_cuda_graph"), {"tp": 8, "mem-fraction-static": 0.9}, CTX)
    assert d.changes["mem-fraction-static"] == 0.87


def test_kv_pool_too_small_goes_up_and_uses_sglangs_minimum() -> None:
    d = decide(
        Failure("oom_kv_cache", numbers={"suggested_mem_fraction": 0.81}), {"tp": 4, "mem-fraction-static": 0.7}, CTX
    )
    assert d.changes["mem-fraction-static"] > 0.81
    d2 = decide(Failure("oom_kv_cache"), {"tp": 4, "mem-fraction-static": 0.7}, CTX)
    assert d2.changes["mem-fraction-static"] > 0.7


def test_kv_up_never_climbs_back_to_a_fraction_that_ooms() -> None:
    history = [Outcome({"tp": 4, "mem-fraction-static": 0.8}, "oom_cuda_graph")]
    d = decide(
        Failure("oom_kv_cache", numbers={"suggested_mem_fraction": 0.79}),
        {"tp": 4, "mem-fraction-static": 0.75},
        CTX,
        history,
    )
    assert 0.75 < d.changes["mem-fraction-static"] < 0.8


def test_kv_at_ceiling_escalates_tp() -> None:
    d = decide(
        Failure("oom_kv_cache", numbers={"suggested_mem_fraction": 0.97}), {"tp": 4, "mem-fraction-static": 0.95}, CTX
    )
    assert d.changes == {"tp": 8}


def test_a_larger_tp_starts_at_the_plans_fraction_for_it_not_the_old_layouts() -> None:
    """0.95 was the fraction for TP 4 (the user's, or fitted to TP 4's needs); at TP 8 each GPU holds half the
    weights and other buffers: the planner's fraction for TP 8 is where that layout starts."""
    ctx = replace(CTX, planned_by_tp={8: 0.88})
    d = decide(
        Failure("oom_kv_cache", numbers={"suggested_mem_fraction": 0.97}), {"tp": 4, "mem-fraction-static": 0.95}, ctx
    )
    assert d.changes == {"tp": 8, "mem-fraction-static": 0.88} and "the plan for tp 8" in d.reason
    assert decide(Failure("oom_weights"), {"tp": 4}, ctx).changes == {"tp": 8}  # no fraction set: none chosen


def test_weights_escalate_tp_then_give_up_with_sizes() -> None:
    d = decide(Failure("oom_weights"), {"tp": 4}, CTX)
    assert d.changes == {"tp": 8}
    d = decide(Failure("oom_weights"), {"tp": 8}, CTX)
    assert d.give_up
    assert "160.00 GiB" in d.reason and "8 x 140.40 GiB" in d.reason


def test_known_good_bounds_the_search() -> None:
    history = [Outcome({"tp": 8, "mem-fraction-static": 0.86}, "healthy")]
    # a tiny deficit from 0.87 would land under the known good: take the known good directly
    d = decide(
        Failure("oom_cuda_graph", numbers={"tried_bytes": 3 * GiB, "free_bytes": 0}),
        {"tp": 8, "mem-fraction-static": 0.87},
        CTX,
        history,
    )
    assert d.changes["mem-fraction-static"] == 0.86
    # far from the known good with no figures: bisect
    d = decide(
        Failure("oom_cuda_graph"),
        {"tp": 8, "mem-fraction-static": 0.95},
        CTX,
        [Outcome({"tp": 8, "mem-fraction-static": 0.80}, "healthy")],
        RemedyPolicy(fraction_step=0.2),
    )
    assert d.changes["mem-fraction-static"] == 0.875
    assert "bisecting" in d.reason


def test_floor_then_graph_bs_then_give_up() -> None:
    pol = RemedyPolicy(fraction_floor=0.85)
    f = Failure("oom_cuda_graph", numbers={"tried_bytes": 10 * GiB, "free_bytes": 0, "batch_size": 512})
    d = decide(f, {"tp": 8, "mem-fraction-static": 0.86}, CTX, policy=pol)
    assert d.changes == {"cuda-graph-max-bs": 256}
    single = Context(H200, 1, 0.9, (1,), attempt=1)
    d = decide(
        Failure("oom_moe_workspace", numbers={"tried_bytes": 10 * GiB}),
        {"mem-fraction-static": 0.86},
        single,
        policy=pol,
    )
    assert d.give_up and "floor" in d.reason


def test_config_error_gives_up_at_once_quoting_sglang() -> None:
    line = "sglang serve: error: unrecognized arguments: --bogus"
    d = decide(Failure("config_error", evidence=line), {"tp": 8}, CTX)
    assert d.give_up and line in d.reason


def test_transient_failures_retry_with_growing_backoff_then_stop() -> None:
    f = Failure("nccl_or_distributed")
    d1 = decide(f, {"tp": 8}, CTX)
    d2 = decide(f, {"tp": 8}, CTX, [Outcome({"tp": 8}, "nccl_or_distributed")])
    d3 = decide(f, {"tp": 8}, CTX, [Outcome({"tp": 8}, "nccl_or_distributed")] * 2)
    assert d1.action == d2.action == "retry" and d2.backoff_s > d1.backoff_s
    assert d3.give_up


def test_attempt_limit() -> None:
    ctx = Context(H200, 8, 0.9, (8,), attempt=6)
    assert decide(Failure("oom_cuda_graph"), {"tp": 8}, ctx, policy=RemedyPolicy(max_attempts=6)).give_up


def test_port_changes_only_when_not_fixed() -> None:
    assert decide(Failure("port_in_use"), {}, CTX).changes == {"port": "auto"}
    fixed = Context(H200, 8, 0.9, (8,), user_fixed=frozenset({"port"}))
    assert decide(Failure("port_in_use"), {}, fixed).give_up


def test_chains_come_from_the_policy() -> None:
    pol = RemedyPolicy(chains={"oom_cuda_graph": ("lower_graph_bs",)})
    d = decide(
        Failure("oom_cuda_graph", numbers={"batch_size": 160}), {"tp": 8, "cuda-graph-max-bs": 160}, CTX, policy=pol
    )
    assert d.changes == {"cuda-graph-max-bs": 80}


def test_repeated_short_figures_fall_back_on_the_estimate_or_halve_the_way() -> None:
    ctx = Context(H200, 8, 0.893, (1, 2, 4, 8), attempt=2, planned_fraction=0.883, kv_floor_fraction=0.2)
    f = Failure("oom_cuda_graph", numbers={"tried_bytes": 0.1 * GiB, "free_bytes": 0.05 * GiB})
    first = decide(f, {"tp": 8, "mem-fraction-static": 0.95}, ctx)
    assert first.changes["mem-fraction-static"] >= 0.94  # the figures first: they cost the least KV
    history = [Outcome({"tp": 8, "mem-fraction-static": 0.95}, "oom_cuda_graph")]
    again = decide(f, {"tp": 8, "mem-fraction-static": 0.945}, ctx, history)
    assert again.changes["mem-fraction-static"] == 0.88 and "estimate" in again.reason
    # a different failure at the lower fraction is judged by its own figures
    ws = Failure("oom_moe_workspace", numbers={"tried_bytes": 1.35 * GiB, "free_bytes": 0.4 * GiB})
    assert decide(ws, {"tp": 8, "mem-fraction-static": 0.945}, ctx, history).changes["mem-fraction-static"] >= 0.925
    # no usable estimate (the weights nearly fill the GPU): halve the way to the pool's minimum
    tight = Context(H200, 1, 0.9, (1,), attempt=2, planned_fraction=0.9, kv_floor_fraction=0.945)
    h = [Outcome({"tp": 1, "mem-fraction-static": 0.99}, "oom_cuda_graph")]
    d = decide(f, {"tp": 1, "mem-fraction-static": 0.985}, tight, h)
    assert d.changes["mem-fraction-static"] == 0.965 and "halfway" in d.reason


def test_the_catalogue_policy_names_the_chains() -> None:
    from safelaunch.core.recipes import RetryPolicy, load_policy

    packaged = RemedyPolicy.from_policy(load_policy())
    assert packaged.chains["oom_kv_cache"] == ("from_ledger", "raise_fraction", "escalate_tp")
    assert packaged.margin_bytes == 512 * 2**20 and packaged.min_graph_bs == 16
    graphs_first = RemedyPolicy.from_policy(RetryPolicy(prefer="cuda-graph-max-bs"))
    d = decide(
        Failure("oom_cuda_graph", numbers={"tried_bytes": GiB, "free_bytes": 0, "batch_size": 512}),
        {"tp": 8, "mem-fraction-static": 0.9},
        CTX,
        policy=graphs_first,
    )
    assert d.changes == {"cuda-graph-max-bs": 256}


def test_transient_retries_count_only_this_run() -> None:
    recalled = [Outcome({"tp": 8}, "hang", this_run=False)] * 5  # old hangs from the store
    assert decide(Failure("hang"), {"tp": 8}, CTX, recalled).action == "retry"
    assert decide(Failure("hang"), {"tp": 8}, CTX, [Outcome({"tp": 8}, "hang")] * 2).give_up


def test_when_no_fraction_serves_at_this_tp_the_ledger_changes_the_layout() -> None:
    """DeepSeek-V3 at TP 4 on B200s: the weights leave ~18 GiB, graphs + workspace + activations need more than
    the room above SGLang's KV minimum, and the graph batch is SGLang's default (not known to the remedies). A
    runtime OOM must not lower the fraction into 'KV pool too small' (and back): the layout changes (TP 4 -> 8)."""
    from safelaunch.core import ledger as L

    gb = 2**30
    rank = L.RankLedger(
        "TP0",
        total=L.Figure(int(177.7 * gb)),
        free_before_weights=L.Figure(int(175 * gb)),
        weights=L.Figure(int(158.5 * gb)),
        free_after_weights=L.Figure(int(16.5 * gb)),
        graphs=L.Figure(int(8.4 * gb)),
        workspace=L.Figure(int(6.2 * gb)),
        activations=L.Figure(int(2 * gb), L.UNFINISHED_FORWARD),
    )
    ctx = Context(
        gpu_memory_bytes=int(177.7 * gb),
        gpu_count=8,
        default_fraction=0.9,
        tp_candidates=(1, 2, 4, 8),
        weights_bytes=634 * gb,
        attempt=2,
        ledger=L.Ledger((rank,), {"tp": 4}),
        estimates=L.Estimates(activations=gb, total=int(177.7 * gb)),
    )
    f = Failure("oom_runtime", "serving", {"tried_bytes": gb, "free_bytes": gb // 4})
    d = decide(f, {"tp": 4, "mem-fraction-static": 0.905}, ctx, policy=RemedyPolicy(min_kv_tokens=32768))
    assert d.changes == {"tp": 8}, d.reason
    assert "no fraction leaves a useful KV pool" in d.reason


# -- a fixed-size kernel buffer outgrown: GPU memory was not short, so the fraction stays
def _corpus_log(log_id: str) -> str:
    import json
    from pathlib import Path

    corpus = Path(__file__).resolve().parent / "fixtures" / "real-logs.jsonl"  # the corpus copied into the repo
    for line in corpus.read_text().splitlines():
        row = json.loads(line)
        if row["id"] == log_id:
            return row["log_text"]
    raise LookupError(log_id)


NEW_FLASHINFER = (
    "RuntimeError: Error in function 'aligned_alloc' at /workspace/include/flashinfer/allocator.h:49: Buffer overflow "
    "when allocating memory for batch_prefill_tmp_v with size 283115520 and alignment 16, but only 268435456 bytes "
    "available in AlignedAllocator. Increase the workspace buffer size."
)


def test_a_fixed_buffer_overflow_shrinks_the_prefill_chunk_from_the_real_message() -> None:
    from safelaunch.core.logwatch import classify_text

    v = classify_text(_corpus_log("sglang-issue-1323-a"))  # 0.2.13: FlashInfer's AlignedAllocator while serving
    assert v.label == "oom_moe_workspace"
    assert v.numbers["fixed_buffer"] == 1 and v.numbers["needed_bytes"] == 450494464
    f = Failure(v.label, v.phase, v.numbers, v.evidence[-1].text)
    flags = {"tp": 1, "mem-fraction-static": 0.88, "chunked-prefill-size": 8192}
    d = decide(f, flags, CTX)
    assert d.action == "retry" and d.changes == {"chunked-prefill-size": 4096}, d.reason
    assert "fraction stays" in d.reason


def test_a_fixed_buffer_shrinks_by_the_share_the_message_states() -> None:
    from safelaunch.core.logwatch.figures import failure_numbers

    n = failure_numbers(NEW_FLASHINFER)
    assert n == {"fixed_buffer": 1, "needed_bytes": 283115520, "buffer_left_bytes": 268435456}
    # asked 1.05x what was left: halving is enough; the chunk SGLang echoed is used when the flag is absent
    d = decide(Failure("oom_moe_workspace", "serving", {**n, "chunked_prefill_size": 16384}), {"tp": 8}, CTX)
    assert d.changes == {"chunked-prefill-size": 8192}
    # asked 5x what was left: straight to a chunk that fits (16384 * 0.9 / 5 -> 2048)
    n5 = {**n, "needed_bytes": 5 * 268435456, "chunked_prefill_size": 16384}
    assert decide(Failure("oom_moe_workspace", "serving", n5), {"tp": 8}, CTX).changes == {"chunked-prefill-size": 2048}


def test_a_fixed_buffer_during_capture_shrinks_the_graph_batch() -> None:
    deepep = (
        "RuntimeError: Failed: Assertion error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:1105 'x.size(0) == "
        "topk_idx.size(0) and x.size(0) <= num_max_dispatch_tokens_per_rank'"
    )
    from safelaunch.core.logwatch.figures import failure_numbers

    f = Failure("oom_moe_workspace", "cuda_graph", {**failure_numbers(deepep), "batch_size": 256}, deepep)
    d = decide(f, {"tp": 8, "mem-fraction-static": 0.85}, CTX)
    assert d.changes == {"cuda-graph-max-bs": 128}
    # the user pinned the graph batch: stop, naming DeepEP's own knob, and never lower the fraction instead
    pinned = decide(f, {"tp": 8, "cuda-graph-max-bs": 256}, replace(CTX, user_fixed=frozenset({"cuda-graph-max-bs"})))
    assert pinned.give_up
    assert "SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK" in pinned.reason and "cannot help" in pinned.reason


def test_a_fixed_buffer_with_no_batch_to_shrink_gives_up_naming_the_workspace_knob() -> None:
    from safelaunch.core.logwatch.figures import failure_numbers

    d = decide(Failure("oom_moe_workspace", "serving", failure_numbers(NEW_FLASHINFER)), {"tp": 8}, CTX)
    assert d.give_up and "SGLANG_FLASHINFER_WORKSPACE_SIZE" in d.reason
    # a real workspace OOM (the GPU short of memory) still lowers the fraction
    real = Failure("oom_moe_workspace", numbers={"tried_bytes": 1.34 * GiB, "free_bytes": 1.06 * GiB})
    assert "mem-fraction-static" in decide(real, {"tp": 8}, CTX).changes

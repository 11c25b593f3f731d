"""The memory ledger: figures fitted from SGLang's own lines (real ones where we have them), merged, solved."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from safelaunch.core import ledger as L

FIX = Path(__file__).resolve().parent / "fixtures"
GiB = 1 << 30
MiB = 1 << 20


def corpus(case_id: str) -> str:
    for line in (FIX / "real-logs.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["id"] == case_id:
            return case["log_text"]
    raise KeyError(case_id)


def gb(x: float) -> int:
    return round(x * GiB)


# One rank's start-up as SGLang 0.5.10 prints it (reference/sglang.md §1.2), healthy at 0.85.
HEALTHY = """\
[2026-11-30 15:49:36] server_args=ServerArgs(model_path='m', mem_fraction_static=0.85, tp_size=2)
[2026-11-30 15:49:36 TP0] Init torch distributed ends. elapsed=0.01 s, mem usage=1.29 GB
[2026-11-30 15:49:36 TP1] Init torch distributed ends. elapsed=0.01 s, mem usage=1.29 GB
[2026-11-30 15:49:36 TP0] Load weight begin. avail mem=137.95 GB
[2026-11-30 15:49:36 TP1] Load weight begin. avail mem=137.91 GB
[2026-11-30 15:49:36 TP1] Load weight end. elapsed=0.01 s, type=X, avail mem=60.10 GB, mem usage=77.81 GB.
[2026-11-30 15:49:36 TP0] Load weight end. elapsed=0.01 s, type=X, avail mem=60.13 GB, mem usage=77.81 GB.
[2026-11-30 15:49:36 TP0] KV Cache is allocated. #tokens: 10809478, KV size: 39.41 GB
[2026-11-30 15:49:36 TP1] KV Cache is allocated. #tokens: 10809478, KV size: 39.41 GB
[2026-11-30 15:49:36 TP1] Memory pool end. avail mem=20.13 GB
[2026-11-30 15:49:36 TP0] Memory pool end. avail mem=20.16 GB
[2026-11-30 15:49:36 TP0] Capture cuda graph begin. This can take up to several minutes. avail mem=20.16 GB
[2026-11-30 15:49:36 TP1] Capture cuda graph begin. This can take up to several minutes. avail mem=20.13 GB
Capturing batches (bs=256 avail_mem=20.16 GB):   0%|          | 0/36 [00:00<?, ?it/s]\
Capturing batches (bs=248 avail_mem=14.52 GB):   2%|          | 1/36 [00:00<00:00, 1524.17it/s]
[2026-11-30 15:49:36 TP1] Capture cuda graph end. Time elapsed: 0.01 s. mem usage=7.11 GB. avail mem=13.02 GB.
[2026-11-30 15:49:36 TP0] Capture cuda graph end. Time elapsed: 0.01 s. mem usage=7.11 GB. avail mem=13.05 GB.
[2026-11-30 15:49:36 TP0] max_total_num_tokens=10809478, chunked_prefill_size=8192, max_prefill_tokens=16384, \
max_running_requests=4096, context_len=1048576, available_gpu_mem=11.31 GB
[2026-11-30 15:49:36] The server is fired up and ready to roll!
"""


def capture_oom_log() -> str:
    """A capture OOM at the first batch size, with the real message PyTorch 2.11 printed on one H200."""
    oom = json.loads((FIX / "torch-oom.json").read_text())["oom_during_cuda_graph_capture"]["text"]
    return (
        "[2026-11-30 15:49:34] server_args=ServerArgs(mem_fraction_static=0.97)\n"
        "[2026-11-30 15:49:34 TP0] Load weight begin. avail mem=137.95 GB\n"
        "[2026-11-30 15:49:34 TP0] Load weight end. type=X, avail mem=60.13 GB, mem usage=77.81 GB.\n"
        "[2026-11-30 15:49:34 TP0] KV Cache is allocated. #tokens: 15348388, KV size: 55.96 GB\n"
        "[2026-11-30 15:49:34 TP0] Memory pool end. avail mem=3.62 GB\n"
        "[2026-11-30 15:49:34 TP0] Capture cuda graph begin. This can take up to several minutes. avail mem=3.62 GB\n"
        "Capturing batches (bs=256 avail_mem=3.62 GB):   0%|          | 0/36 [00:00<?, ?it/s]\n"
        "[2026-11-30 15:49:34 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "cuda_graph_runner.py", line 809, in capture\n'
        f"torch.OutOfMemoryError: {oom}\n"
    )


def test_every_figure_of_a_healthy_start_per_rank_with_its_line():
    lg = L.fit_lines(HEALTHY)
    assert [r.rank for r in lg.ranks] == ["TP0", "TP1"]
    tp0, tp1 = lg.ranks
    assert tp0.fraction == 0.85  # read from server_args
    assert tp0.free_before_weights.value == gb(137.95) and tp1.free_before_weights.value == gb(137.91)
    assert tp0.weights.value == gb(77.81) and tp0.free_after_weights.value == gb(60.13)
    assert tp0.kv.value == gb(39.41) and tp0.kv_tokens == 10809478
    assert tp0.pool_end_free.value == gb(20.16)
    assert tp0.graphs == L.Figure(gb(7.11), L.EXACT, tp0.graphs.source)
    assert "Capture cuda graph end" in tp0.graphs.source and "TP0" in tp0.graphs.source
    # what start-up allocated after capture (the MoE workspace): capture end 13.05 - available_gpu_mem 11.31
    assert tp0.workspace.value == gb(13.05) - gb(11.31) and tp0.workspace.kind == L.EXACT
    assert tp0.available_after_start.value == gb(11.31)
    assert tp0.overhead.value == gb(1.29)
    assert tp1.workspace is None  # SGLang prints available_gpu_mem on rank 0 only


def test_kv_follows_sglangs_formula():
    tp0 = L.fit_lines(HEALTHY).ranks[0]
    # kv = free after weights - free before weights * (1 - f): 60.13 - 137.95 * 0.15 = 39.44 (SGLang: 39.41)
    assert tp0.kv_at(0.85) == pytest.approx(gb(60.13) - gb(137.95) * 0.15, abs=1)
    assert abs(tp0.kv_at(0.85) - tp0.kv.value) < 0.05 * GiB
    assert tp0.kv_at(0.90) - tp0.kv_at(0.85) == pytest.approx(gb(137.95) * 0.05, abs=2)


def test_capture_oom_bounds_the_graph_pool_from_the_real_torch_message():
    lg = L.fit_lines(capture_oom_log())
    (r,) = lg.ranks
    assert r.total.value == gb(139.80)  # "GPU 0 has a total capacity of 139.80 GiB"
    # 3.62 GiB free when capture began, 217.12 MiB at the OOM, 256 MiB tried: the graphs need at least that
    expected = gb(3.62) - round(217.12 * MiB) + 256 * MiB
    assert r.graphs.value == expected
    assert r.graphs.kind == L.FIRST_GRAPH  # the OOM came at the first (largest) batch size
    assert "Tried to allocate 256.00 MiB" in r.graphs.source
    assert r.graphs.show().startswith(">= ")


def test_private_pools_and_wrapped_workspace_ooms_from_the_corpus():
    text = corpus("sglang-issue-6027-a")  # serving OOM, "with 3.63 GiB allocated in private pools"
    from safelaunch.core.logwatch.figures import oom_numbers

    assert oom_numbers(text)["private_pool_bytes"] == gb(3.63)
    lk = corpus("lsglang-issue-7-a")  # a wrapped lk_moe OOM on TP1 of a 48 GB GPU
    r = L.fit_lines(lk).rank("TP1")
    assert r is not None and r.total.value == gb(47.37)
    assert r.workspace.kind == L.AT_LEAST and r.workspace.value >= 24 * MiB


def test_real_corpus_start_up_figures():
    healthy = L.fit_lines(corpus("sglang-issue-7590-healthy-a"))
    (r,) = healthy.ranks
    assert r.kv.value == gb(11.74) * 2 and r.kv_tokens == 256568
    assert r.pool_end_free.value == gb(5.94) and r.available_after_start.value == gb(5.45)
    weights = L.fit_lines(corpus("inferencex-issue-2128-a"))
    assert weights.ranks[0].weights.value == gb(125.65) and weights.ranks[0].free_after_weights.value == gb(12.25)


def test_evidence_only_adds():
    first = L.fit_lines(capture_oom_log(), shape={"tp": 1})
    second = L.fit_lines(HEALTHY, shape={"tp": 1})
    merged = first.merged(second)
    tp0 = merged.rank("TP0")
    assert tp0.graphs.value == gb(7.11) and tp0.graphs.kind == L.EXACT  # the larger, exact
    assert tp0.fraction == 0.85 and tp0.pool_end_free.value == gb(20.16)  # the latest sightings at a fraction
    assert tp0.total.value == gb(139.80)  # kept from the OOM
    again = merged.merged(first)
    assert again.rank("TP0").graphs.value == gb(7.11)  # an earlier, smaller bound never shrinks it
    assert L.Ledger.from_json(json.loads(json.dumps(merged.to_json()))) == merged


def test_fit_the_highest_fraction_on_the_binding_rank():
    lg = L.fit_lines(HEALTHY)
    est = L.Estimates(activations=gb(7.5), total=gb(139.8))
    f = L.fit(lg, est, 512 * MiB, min_kv_tokens=32768)
    # room at 0.85 was 20.16 (TP0) / 20.13 (TP1); needs 7.11 + 1.74 + 7.5 + 0.5 = 16.85 GiB
    tp1 = (0.85 + (gb(20.13) - (gb(7.11) + gb(1.74) + gb(7.5) + 512 * MiB)) / gb(137.91)) // 0.005 * 0.005
    assert f.rank == "TP1" or f.fraction == pytest.approx(tp1, abs=0.0051)
    assert f.fraction == pytest.approx(0.87, abs=0.005) and f.fits
    assert f.used <= f.total and f.total == gb(139.8)
    line = f.line()
    assert "KV " in line and f"at {f.fraction:g}" in line and "graphs 7.11 GiB" in line
    assert "activations ~7.50 GiB" in line and "margin 0.50 GiB" in line and "of 139.80 GiB" in line


def test_first_graph_bound_is_taken_as_half_a_graph_and_the_estimate_is_a_floor():
    lg = L.fit_lines(capture_oom_log())
    bound = lg.ranks[0].graphs.value
    f = L.fit(lg, L.Estimates(graphs=GiB // 2, activations=gb(7.5)), 512 * MiB, unseen=2.0)
    graphs = dict(f.parts)["graphs"]
    assert graphs.value == 2 * bound and graphs.kind == L.ESTIMATE
    plain = L.fit(lg, L.Estimates(graphs=GiB // 2, activations=gb(7.5)), 512 * MiB)  # no caution: the bound
    assert dict(plain.parts)["graphs"].value == bound and plain.fraction > f.fraction
    f_big = L.fit(lg, L.Estimates(graphs=gb(20), activations=gb(7.5)), 512 * MiB)
    assert dict(f_big.parts)["graphs"].value == gb(20) and f_big.fraction < plain.fraction
    assert "the log showed >= 3.66 GiB" in dict(f_big.parts)["graphs"].source


def test_no_useful_pool_names_the_dominant_need():
    lg = L.Ledger(tuple(replace(r, graphs=None) for r in L.fit_lines(HEALTHY).ranks))  # nothing captured yet
    huge_graphs = L.fit(lg, L.Estimates(graphs=gb(55), activations=gb(2)), 512 * MiB, min_kv_tokens=10_000_000)
    assert not huge_graphs.fits and huge_graphs.dominant == "graphs"
    weights_bound = L.Ledger(
        (L.RankLedger("TP0", free_before_weights=L.Figure(gb(80)), free_after_weights=L.Figure(gb(2))),)
    )
    f = L.fit(weights_bound, L.Estimates(graphs=gb(1), activations=gb(4)), 512 * MiB)
    assert not f.fits and f.dominant == "weights"


def test_a_need_no_attempt_showed_is_budgeted_cautiously_unless_that_leaves_no_useful_pool():
    lg = L.fit_lines(HEALTHY)  # graphs and workspace seen; the activations only the model knows
    est = L.Estimates(activations=gb(7.5), total=gb(139.8))
    plain = L.fit(lg, est, 512 * MiB, min_kv_tokens=32768)
    cautious = L.fit(lg, est, 512 * MiB, min_kv_tokens=32768, unseen=1.5)
    # 3.75 GiB more for the activations on a 137.9 GiB pre: 0.027 lower, to the resolution
    assert cautious.fraction == pytest.approx(plain.fraction - gb(3.75) / gb(137.91), abs=0.0051)
    assert "activations ~11.25 GiB" in cautious.line() and "x 1.5" in dict(cautious.parts)["activations"].source
    assert dict(cautious.parts)["graphs"].value == dict(plain.parts)["graphs"].value  # what was seen is not scaled
    # where the caution would leave no useful pool (here: a pool of most of the GPU required), the plain estimate
    need = plain.kv_tokens + 1
    tight = L.fit(lg, est, 512 * MiB, min_kv_tokens=int(need * 0.999), unseen=1.5)
    assert tight.fraction == L.fit(lg, est, 512 * MiB, min_kv_tokens=int(need * 0.999)).fraction


def test_caution_a_tight_layout_cannot_afford_is_cut_to_what_it_can_not_dropped():
    lg = L.fit_lines(HEALTHY)
    est = L.Estimates(activations=gb(7.5), total=gb(139.8))
    plain = L.fit(lg, est, 512 * MiB, min_kv_tokens=32768)
    full = L.fit(lg, est, 512 * MiB, min_kv_tokens=32768, unseen=3.0)
    # a useful pool that the full caution misses and the plain estimate leaves: the fit lands in between
    halfway = (plain.kv_tokens + full.kv_tokens) // 2
    cut = L.fit(lg, est, 512 * MiB, min_kv_tokens=halfway, unseen=3.0)
    assert not L.fit(lg, est, 512 * MiB, min_kv_tokens=halfway, unseen=1.0).fraction < cut.fraction
    assert cut.fits and full.fraction < cut.fraction < plain.fraction
    source = dict(cut.parts)["activations"].source
    factor = float(source.split(" x ")[1].split(";")[0])
    assert 1.0 < factor < 3.0 and dict(cut.parts)["activations"].value > dict(plain.parts)["activations"].value


def test_headroom_measured_after_a_full_chunk_fits_the_pool_to_what_was_left():
    lg = L.fit_lines(HEALTHY)  # the healthy start at 0.85
    est = L.Estimates(activations=gb(7.5), total=gb(139.8))
    free = gb(6)
    read = L.Ledger(
        tuple(L.RankLedger(r.rank, headroom=L.Figure(free, L.MEASURED, "NVML"), headroom_at=0.85) for r in lg.ranks)
    )
    f = L.fit(lg.merged(read), est, 512 * MiB, unseen=1.5)
    # what was free after the chunk, less the margin, goes to the pool: (6 - 0.5) GiB / pre, to 0.001
    pre = min(r.pre for r in lg.ranks)
    assert f.fraction == pytest.approx(0.85 + (free - 512 * MiB) / pre, abs=0.0011)
    assert f.fraction > L.fit(lg, est, 512 * MiB).fraction  # the estimate of the activations no longer counts
    assert "rest outside the pool" in f.line() and "graphs 7.11 GiB" in f.line()
    # an OOM seen since (a forward cut short needing more than the reading left) still caps it
    oom = L.Ledger(tuple(L.RankLedger(r.rank, activations=L.Figure(gb(12), L.AT_LEAST, "OOM")) for r in lg.ranks))
    capped = L.fit(lg.merged(read).merged(oom), est, 512 * MiB)
    assert capped.fraction < f.fraction


def test_a_headroom_read_under_other_graphs_or_chunk_is_not_carried():
    """What was free after a chunk at cuda-graph-max-bs 256 says nothing once the graphs are captured to 128 (or the
    chunk changes): the pool they left is another; the reading stays only for the very same flags."""
    lg = L.fit_lines(HEALTHY)
    read = L.Ledger(
        tuple(L.RankLedger(r.rank, headroom=L.Figure(gb(6), L.MEASURED, "NVML"), headroom_at=0.85) for r in lg.ranks),
        {"cuda-graph-max-bs": 256},
    )
    book = L.Ledger(lg.merged(read).ranks, {"cuda-graph-max-bs": 256})
    assert all(r.headroom is not None for r in L.carried_to(book, {"cuda-graph-max-bs": 256}).ranks)
    for other in ({"cuda-graph-max-bs": 128}, {"cuda-graph-max-bs": 256, "chunked-prefill-size": 4096}):
        moved = L.carried_to(book, other)
        assert all(r.headroom is None and r.headroom_at is None for r in moved.ranks), other
        est = L.Estimates(activations=gb(7.5), total=gb(139.8))
        assert not L.fit(moved, est, 512 * MiB).measured


def test_carried_to_another_layout():
    lg = L.fit_lines(HEALTHY, shape={"tp": 2, "cuda-graph-max-bs": 256})
    same = L.carried_to(lg, {"tp": 2, "cuda-graph-max-bs": 256, "mem-fraction-static": 0.8})
    assert same == lg
    half = L.carried_to(lg, {"tp": 2, "cuda-graph-max-bs": 128})
    assert half.ranks[0].graphs.value == gb(7.11) // 2 and half.ranks[0].graphs.kind == L.ESTIMATE
    other_tp = L.carried_to(lg, {"tp": 4})
    assert other_tp.ranks[0].pre is None and not other_tp


def test_a_serving_log_is_not_read_past_start_up():
    fitter = L.LedgerFitter()
    for line in HEALTHY.splitlines():
        fitter.feed(line)
    before = fitter.ledger()
    for _ in range(1000):
        fitter.feed("[2026-11-30 15:49:37 TP0] Decode batch, #running-req: 1, #token: 6, token usage: 0.00, mem 1")
    assert fitter.ledger() == before


def test_an_unprefixed_single_gpu_log_keeps_its_capture_oom_on_its_one_rank() -> None:
    """TP 1 logs carry no rank prefix, and the OOM names 'GPU 0': the graph need still belongs to the one rank
    (at its capture stage), not to a stage-less 'GPU0' rank whose figures the fit never reads."""
    log = "\n".join(
        [
            "[2026-11-30 17:56:53] Load weight begin. avail mem=177.07 GB",
            "[2026-11-30 17:56:53] Load weight end. elapsed=0.01 s, avail mem=24.82 GB, mem usage=152.25 GB.",
            "[2026-11-30 17:56:53] KV Cache is allocated. #tokens: 4378927, KV size: 15.97 GB",
            "[2026-11-30 17:56:53] Memory pool end. avail mem=8.05 GB",
            "[2026-11-30 17:56:53] Capture cuda graph begin. This can take up to several minutes. avail mem=8.05 GB",
            "Capturing batches (bs=512 avail_mem=8.05 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1024.00 MiB. GPU 0 has a total capacity "
            "of 177.72 GiB of which 53.28 MiB is free. Including non-PyTorch memory, this process has 177.67 GiB "
            "memory in use. Of the allocated memory 177.08 GiB is allocated by PyTorch, with 8.00 GiB allocated in "
            "private pools (e.g., CUDA Graphs), and 0 bytes is reserved by PyTorch but unallocated.",
        ]
    )
    book = L.fit_lines(log)
    assert [r.rank for r in book.ranks] == [""]
    graphs = book.ranks[0].graphs
    assert graphs is not None and graphs.kind == L.FIRST_GRAPH and graphs.value == 9 * 2**30


def test_a_serving_oom_is_a_forward_cut_short_and_counts_double_like_a_first_graph() -> None:
    from safelaunch.core.ledger.book import UNFINISHED_FORWARD

    seen = L.Figure(4 * 2**30, UNFINISHED_FORWARD, "OOM while serving")
    rank = L.RankLedger("TP0", activations=seen)
    got = L.need(rank, "activations", L.Estimates(activations=2**30), unseen=2.0)
    assert got.value == 8 * 2**30 and got.kind == L.ESTIMATE
    assert L.need(rank, "activations", L.Estimates(activations=2**30)) == seen  # no caution: the bound itself


def test_each_ranks_serving_oom_is_its_own() -> None:
    """After 'fired up' the fitter skips serving lines, but a rank's 'Scheduler hit an exception' still names
    whose traceback (and OOM) follows: TP1's OOM is TP1's need, not TP0's."""
    oom = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {t}.00 MiB. GPU {g} has a total capacity of "
        "79.05 GiB of which 465.94 MiB is free. Including non-PyTorch memory, this process has 78.59 GiB memory in "
        "use. Of the allocated memory 77.00 GiB is allocated by PyTorch."
    )
    lines = [
        "[2026-11-30 18:23:09 TP0] Load weight begin. avail mem=77.20 GB",
        "[2026-11-30 18:23:09 TP1] Load weight begin. avail mem=77.18 GB",
        "[2026-11-30 18:23:09 TP0] max_total_num_tokens=48873, chunked_prefill_size=8192, available_gpu_mem=1.08 GB",
        "[2026-11-30 18:23:09] The server is fired up and ready to roll!",
        "[2026-11-30 18:23:10 TP0] Decode batch. #running-req: 1, #token: 9000, token usage: 0.18",
        "[2026-11-30 18:23:10 TP1] Scheduler hit an exception: Traceback (most recent call last):",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 2701, in run_scheduler_process',
        oom.format(t=900, g=1),
        "[2026-11-30 18:23:10 TP0] Scheduler hit an exception: Traceback (most recent call last):",
        oom.format(t=300, g=0),
    ]
    book = L.fit_lines(lines)
    tp0, tp1 = book.rank("TP0"), book.rank("TP1")
    assert tp0 is not None and tp1 is not None
    assert tp1.activations is not None and tp0.activations is not None
    assert tp1.activations.value > tp0.activations.value  # 900 MiB tried on TP1, 300 MiB on TP0


def test_an_oom_mid_capture_extrapolates_the_pool_at_the_growth_rate_measured() -> None:
    """tqdm prints the free memory before each batch: the growth per unit of batch size after the first graph,
    times the batch sizes still to capture, is added to what the OOM saw (an estimate, which the exact figure of
    a completed capture later replaces, even when smaller)."""
    gb_ = 2**30
    lines = [
        "[2026-11-30 18:24:05 TP0] Load weight begin. avail mem=70.00 GB",
        "[2026-11-30 18:24:05 TP0] Load weight end. avail mem=30.00 GB, mem usage=40.00 GB.",
        "[2026-11-30 18:24:05 TP0] Memory pool end. avail mem=12.00 GB",
        "[2026-11-30 18:24:05 TP0] Capture cuda graph begin. This can take up to several minutes. avail mem=12.00 GB",
        "[2026-11-30 18:24:05 TP0] Capture cuda graph bs [1, 2, 4, 8, 16, 32]",
        "Capturing batches (bs=32 avail_mem=12.00 GB):   0%|          | 0/6",
        "Capturing batches (bs=16 avail_mem=6.00 GB):  17%|          | 1/6",
        "Capturing batches (bs=8 avail_mem=5.00 GB):  33%|          | 2/6",
        "Capturing batches (bs=4 avail_mem=4.50 GB):  50%|          | 3/6",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.50 GiB. GPU 0 has a total capacity of "
        "79.00 GiB of which 4.00 GiB is free. Including non-PyTorch memory, this process has 75.00 GiB memory in use.",
    ]
    tp0 = L.fit_lines(lines).rank("TP0")
    assert tp0 is not None and tp0.graphs is not None and tp0.graphs.kind == L.ESTIMATE
    seen = (12 - 4) * gb_ + int(4.5 * gb_)  # spent since capture began + the allocation that failed
    rate = 1.5 * gb_ / (16 + 8)  # 6.00 -> 4.50 GB over the complete batches 16 and 8
    assert abs(tp0.graphs.value - (seen + rate * (2 + 1))) < 2**20
    exact = L.Figure(10 * gb_, L.EXACT, "Capture cuda graph end. mem usage=10.00 GB")
    assert L.larger(tp0.graphs, exact) is exact  # the completed capture's figure wins, smaller or not

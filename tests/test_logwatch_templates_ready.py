"""HOW EACH SGLang RELEASE SAYS IT IS UP, and the excerpts users paste around that moment (0.1.x to 0.5.23).

The ready lines of each era: 0.1.x prints no ready line at all (uvicorn's four lines, then the warm-up's
`GET /get_model_info` and `POST /generate` access lines); 0.2.x to 0.5.x print `The server is fired up and ready to
roll!` after the warm-up request (`/get_model_info` until 0.5.5, `/model_info` from 0.5.10; `/encode` for embedding
models, `/v1/chat/completions` for VLMs; one `/generate` per DP rank in 0.2.x; 0.5.2x adds `POST /freeze_gc`); the PD
prefill warm-up of 0.4.10 and the PD warm-up of 0.5.23; the router's own `All workers are healthy` / `Serving router
on` lines (sglang-router 0.1.4); the diffusion runtime's ready line after its synthetic warm-up (0.5.23); the offline
Engine, which prints no ready line; `sglang serve` (0.5.2x) versus the old entry point's UserWarning.

Then what users paste: a start-up cut right after capture, a log at `--log-level warning`, a request refused 400
after ready, harmless deprecation warnings and UserWarnings full of alarming words, NCCL_DEBUG=INFO chatter, two
launches in one paste. And contrasts where a start LOOKS up but is not: uvicorn up but the warm-up forward crashed;
0.1.x's warm-up that timed out behind a swallowed exception; one router worker ready while the other died; a DP rank
or a TP rank dying seconds after the ready line; two launches where the SECOND one failed.

Every message is copied from the release named (file:line under sglang/ or sglang/srt/ of that release, or the library
named) with its format fields filled in. Sources: PyPI wheels of sglang 0.1.16, 0.2.5, 0.3.6, 0.4.0, 0.4.6 and
sglang-router 0.1.4 (its Rust strings checked in the .so; the Rust source read from sgl-project/sglang
sgl-router/src/{server,router}.rs); /work/research/wheels2 (0.4.10, 0.5.1, 0.5.12); /work/research/src (0.5.5,
0.5.10.post1, 0.5.11, 0.5.23); NCCL v2.27.7-1 (NVIDIA/nccl). Labels (the ten of /work/shared/corpus/README.md;
`healthy` = reached ready and nothing fatal after it in the excerpt) were fixed before the classifier was run.

First sight (one run, labels fixed before it): 34/35. Healthy 26/26 (every era's ready shape, the cut, quiet, two-launch
and warning-laden pastes). Contrasts 8/9: the router paste where worker 0 printed ready and worker 1 had died at its
KV pool (`Not enough memory`) before it, the router then timing out, was read as healthy by the ready line. Strict
xfail in XFAIL.
"""

# ruff: noqa: E501  (log lines are data)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import INIT, LOOP, PKG, POOL, SCHED, SIGQUIT, TB, first_sight, frames, startup, ts
from .test_logwatch_templates_dist import nccl
from .test_logwatch_templates_mm import diff_ready, dts, flux_args, flux_loading
from .test_logwatch_templates_old import CONDA, V016_READY, V016_START, V036_START, tb


class Template(NamedTuple):
    version: str
    source: str  # file:line under sglang/srt/ (or sglang/, or the library named) of that release
    label: str
    why: str  # one line: what a person fixing the launch would conclude
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, why, log)


# -- builders (new here; the shared ones are imported above)
def acc(second: int | None, path: str, status: str, *, method: str = "POST", client: str = "127.0.0.1:51846") -> str:
    """uvicorn's access line; 0.4.6+ prefix it with SGLang's timestamp (set_uvicorn_logging_configs), older ones not."""
    head = f"{ts(second)} " if second is not None else ""
    return f'{head}INFO:     {client} - "{method} {path} HTTP/1.1" {status}'


def ready(second: int) -> str:
    return f"{ts(second)} The server is fired up and ready to roll!"


def uvicorn(second: int | None, port: int = 30000, pid: int = 4242, host: str = "0.0.0.0") -> str:
    head = f"{ts(second)} " if second is not None else ""
    return "\n".join(
        [
            f"{head}INFO:     Started server process [{pid}]",
            f"{head}INFO:     Waiting for application startup.",
            f"{head}INFO:     Application startup complete.",
            f"{head}INFO:     Uvicorn running on http://{host}:{port} (Press CTRL+C to quit)",
        ]
    )


def prefill_05(second: int, rank: str = "TP0", *, new: int = 6, graph: str = "False") -> str:
    """0.5.12/0.5.23 metrics_reporter: `Prefill batch, #new-seq: ...` (comma, #pending-token, the graph flag)."""
    return (
        f"{ts(second, rank)} Prefill batch, #new-seq: 1, #new-token: {new}, #cached-token: 0, token usage: 0.00, "
        f"#running-req: 0, #queue-req: 0, #pending-token: 0, cuda graph: {graph}, input throughput (token/s): 0.00"
    )


def prefill_04(second: int, rank: str | None = "TP0", *, new: int = 6) -> str:
    """0.4.10/0.5.1 scheduler_metrics_mixin.py:93: `Prefill batch. #new-seq: ...` (with the trailing `, `)."""
    return f"{ts(second, rank)} Prefill batch. #new-seq: 1, #new-token: {new}, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, "


# 0.5.10's full start-up up to uvicorn's lines, then its warm-up (GET /model_info, the warm-up prefill, POST /generate)
UP_0510 = startup("warmup")
WARMUP_0510 = "\n".join(
    [
        acc(73, "/model_info", "200 OK", method="GET", client="127.0.0.1:43948"),
        f"{ts(73, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, #pending-token: 0, cuda graph: False, input throughput (token/s): 0.00",
        acc(74, "/generate", "200 OK", client="127.0.0.1:43950"),
    ]
)
READY_0510 = f"{UP_0510}\n{WARMUP_0510}\n{ready(74)}"
SERVING_0510 = "\n".join(
    [
        f"{ts(80, 'TP0')} Prefill batch, #new-seq: 8, #new-token: 8192, #cached-token: 0, token usage: 0.41, #running-req: 56, #queue-req: 12, #pending-token: 0, cuda graph: False, input throughput (token/s): 10212.44",
        f"{ts(81, 'TP0')} Decode batch, #running-req: 64, #token: 331000, token usage: 0.41, cuda graph: True, gen throughput (token/s): 2890.11, #queue-req: 12",
        acc(82, "/v1/chat/completions", "200 OK", client="10.0.3.17:52114"),
    ]
)


# ===================================================================================== the ready lines of each era
case(
    "v016-uvicorn-lines-only-no-ready-line",
    "0.1.16",
    "srt/managers/router/model_rpc.py:113 (max_total_num_token), :120 (server_args); server.py:225 (uvicorn.run; no ready line in 0.1.x)",
    "healthy",
    "0.1.x has no ready line: the router's pool line and uvicorn's running line are the last start-up lines it prints",
    V016_START + "\n" + V016_READY,
)
case(
    "v025-dp2-one-warmup-generate-per-dp-rank-then-ready",
    "0.2.5",
    "srt/server.py:229 (server_args), :329 (GET /get_model_info), :336-349 (one POST /generate per dp rank), :358 (ready); managers/controller/model_runner.py:67/106/153/201/252, tp_worker.py:115/415 (`[gpu_id=N]` lines)",
    "healthy",
    "a --dp-size 2 start of 0.2.5 (`%(message)s` logging, `[gpu_id=N]` tags): two warm-up requests, one per DP rank, then ready",
    "\n".join(
        [
            "server_args=ServerArgs(model_path='meta-llama/Meta-Llama-3-8B-Instruct', tokenizer_path='meta-llama/Meta-Llama-3-8B-Instruct', tokenizer_mode='auto', load_format='auto', dtype='auto', trust_remote_code=False, context_length=None, quantization=None, served_model_name='meta-llama/Meta-Llama-3-8B-Instruct', chat_template=None, host='127.0.0.1', port=30000, additional_ports=[30001, 30002, 30003, 30004, 30005, 30006], mem_fraction_static=0.88, max_prefill_tokens=None, max_running_requests=None, schedule_heuristic='lpm', schedule_conservativeness=1.0, tp_size=1, stream_interval=1, random_seed=720245531, log_level='info', log_level_http=None, log_requests=False, show_time_cost=False, api_key=None, file_storage_pth='SGlang_storage', dp_size=2, load_balance_method='round_robin', disable_flashinfer=False, disable_radix_cache=False, disable_regex_jump_forward=False, disable_cuda_graph=False, disable_disk_cache=False, enable_torch_compile=False, attention_reduce_in_fp32=False, enable_p2p_check=False, efficient_weight_load=False, nccl_init_addr=None, nnodes=1, node_rank=None)",
            "[gpu_id=0] Init nccl begin.",
            "[gpu_id=1] Init nccl begin.",
            "[gpu_id=0] Load weight begin. avail mem=78.84 GB",
            "[gpu_id=1] Load weight begin. avail mem=78.84 GB",
            "[gpu_id=0] Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.78 GB",
            "[gpu_id=1] Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.78 GB",
            "[gpu_id=0] Memory pool end. avail mem=8.43 GB",
            "[gpu_id=1] Memory pool end. avail mem=8.43 GB",
            "[gpu_id=0] Capture cuda graph begin. This can take up to several minutes.",
            "[gpu_id=1] Capture cuda graph begin. This can take up to several minutes.",
            "[gpu_id=0] max_total_num_tokens=443052, max_prefill_tokens=16384, max_running_requests=2047, context_len=8192",
            "[gpu_id=1] max_total_num_tokens=443052, max_prefill_tokens=16384, max_running_requests=2047, context_len=8192",
            uvicorn(None, host="127.0.0.1", pid=3810),
            acc(None, "/get_model_info", "200 OK", method="GET", client="127.0.0.1:51840"),
            "[gpu_id=0] Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, cache hit rate: 0.00%, #running-req: 0, #queue-req: 0",
            acc(None, "/generate", "200 OK", client="127.0.0.1:51846"),
            "[gpu_id=1] Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, cache hit rate: 0.00%, #running-req: 0, #queue-req: 0",
            acc(None, "/generate", "200 OK", client="127.0.0.1:51852"),
            "The server is fired up and ready to roll!",
        ]
    ),
)
case(
    "v036-get-model-info-generate-then-ready",
    "0.3.6",
    "srt/model_executor/model_runner.py:516 (Memory pool end), :582 (Capture cuda graph begin); managers/scheduler.py:212 (max_total_num_tokens), :656 (Prefill batch.); server.py:567 (GET /get_model_info), :617 (ready)",
    "healthy",
    "0.3.6's full-date timestamps and bare uvicorn lines: warm-up answered 200, then ready",
    "\n".join(
        [
            V036_START,
            "[2024-11-22 10:00:32 TP0] Memory pool end. avail mem=8.78 GB",
            "[2024-11-22 10:00:33 TP0] Capture cuda graph begin. This can take up to several minutes.",
            "[2024-11-22 10:00:48 TP0] max_total_num_tokens=210176, max_prefill_tokens=16384, max_running_requests=2049, context_len=1024000",
            uvicorn(None, pid=6120),
            acc(None, "/get_model_info", "200 OK", method="GET", client="127.0.0.1:38320"),
            "[2024-11-22 10:00:50 TP0] Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, cache hit rate: 0.00%, token usage: 0.00, #running-req: 0, #queue-req: 0",
            acc(None, "/generate", "200 OK", client="127.0.0.1:38326"),
            "[2024-11-22 10:00:50] The server is fired up and ready to roll!",
        ]
    ),
)
case(
    "v040-tp2-capture-end-then-ready",
    "0.4.0",
    "srt/model_executor/model_runner.py:554/623/625; managers/scheduler.py:223 (max_total_num_tokens), :700 (Prefill batch.); server.py:620 (GET /get_model_info), :671 (ready)",
    "healthy",
    "a TP=2 start of 0.4.0 with its `Capture cuda graph end. Time elapsed` line; warm-up 200, ready",
    "\n".join(
        [
            "[2024-12-08 10:00:05] server_args=ServerArgs(model_path='Qwen/Qwen2.5-14B-Instruct', tokenizer_path='Qwen/Qwen2.5-14B-Instruct', tp_size=2, mem_fraction_static=0.87, port=30000, log_level='info')",
            "[2024-12-08 10:00:09 TP0] Init torch distributed begin.",
            "[2024-12-08 10:00:09 TP1] Init torch distributed begin.",
            "[2024-12-08 10:00:11 TP0] Load weight begin. avail mem=78.41 GB",
            "[2024-12-08 10:00:11 TP1] Load weight begin. avail mem=78.41 GB",
            "[2024-12-08 10:00:29 TP0] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.56 GB",
            "[2024-12-08 10:00:29 TP1] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.56 GB",
            "[2024-12-08 10:00:30 TP0] Memory pool end. avail mem=10.62 GB",
            "[2024-12-08 10:00:30 TP1] Memory pool end. avail mem=10.62 GB",
            "[2024-12-08 10:00:30 TP0] Capture cuda graph begin. This can take up to several minutes.",
            "[2024-12-08 10:00:30 TP1] Capture cuda graph begin. This can take up to several minutes.",
            "[2024-12-08 10:00:44 TP0] Capture cuda graph end. Time elapsed: 13.92 s",
            "[2024-12-08 10:00:44 TP1] Capture cuda graph end. Time elapsed: 13.95 s",
            "[2024-12-08 10:00:45 TP0] max_total_num_tokens=1135904, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
            uvicorn(None, pid=9123),
            acc(None, "/get_model_info", "200 OK", method="GET", client="127.0.0.1:45672"),
            "[2024-12-08 10:00:47 TP0] Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, cache hit rate: 0.00%, token usage: 0.00, #running-req: 0, #queue-req: 0",
            acc(None, "/generate", "200 OK", client="127.0.0.1:45680"),
            "[2024-12-08 10:00:47] The server is fired up and ready to roll!",
        ]
    ),
)
case(
    "v0410-pd-prefill-warmup-status-200-then-ready",
    "0.4.10",
    "srt/entrypoints/http_server.py:1031 (Start of prefill warmup ...), :1051 (End of prefill warmup with status ...), :1087 (ready); managers/scheduler_metrics_mixin.py:93-104 (the prefill server's Prefill batch. line); scheduler.py:383",
    "healthy",
    "a PD prefill server (0.4.10) runs its fake-bootstrap warm-up, gets 200 and prints ready",
    "\n".join(
        [
            f"{ts(0)} server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V3-0324', tp_size=8, disaggregation_mode='prefill', disaggregation_transfer_backend='mooncake', disaggregation_bootstrap_port=8998, mem_fraction_static=0.85, port=30000, log_level='info')",
            f"{ts(44, 'TP0')} Capture cuda graph end. Time elapsed: 21.10 s. mem usage=2.04 GB. avail mem=9.81 GB.",
            f"{ts(45, 'TP0')} max_total_num_tokens=401215, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=9.81 GB",
            uvicorn(46),
            acc(47, "/get_model_info", "200 OK", method="GET", client="127.0.0.1:60114"),
            f"{ts(47)} Start of prefill warmup ...",
            f"{ts(47, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 4, #cached-token: 0, token usage: 0.00, #unbootstrapped-req: 0, #queue-req: 0, #transferring-req: 0, input throughput (token/s): 0.00, ",
            acc(48, "/generate", "200 OK", client="127.0.0.1:60120"),
            f"{ts(48)} End of prefill warmup with status 200, resp: [{{'text': ' Paris', 'meta_info': {{'id': '8f3c1e0a2b6d4c59a1e7f0b3d2c4e6a8', 'finish_reason': {{'type': 'length', 'length': 1}}, 'prompt_tokens': 4, 'completion_tokens': 1, 'cached_tokens': 0, 'e2e_latency': 0.8412}}}}]",
            ready(48),
        ]
    ),
)
case(
    "v051-dp-attention-warmup-batch-on-both-dp-ranks-then-ready",
    "0.5.1",
    "srt/managers/scheduler.py:2531-2539 (the `DPn TPn` prefix), scheduler_metrics_mixin.py:93 (Prefill batch.); entrypoints/http_server.py (warm-up text x dp_size), :1253 (ready)",
    "healthy",
    "--tp 2 --dp 2 --enable-dp-attention: the warm-up's two prompts land one per DP rank; ready",
    "\n".join(
        [
            f"{ts(0)} server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V2-Lite-Chat', tp_size=2, dp_size=2, enable_dp_attention=True, mem_fraction_static=0.8, port=30000, log_level='info')",
            f"{ts(40, 'DP0 TP0')} Capture cuda graph end. Time elapsed: 18.33 s. mem usage=0.93 GB. avail mem=12.02 GB.",
            f"{ts(40, 'DP1 TP1')} Capture cuda graph end. Time elapsed: 18.35 s. mem usage=0.93 GB. avail mem=12.02 GB.",
            f"{ts(41, 'DP0 TP0')} max_total_num_tokens=1063412, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=12.02 GB",
            uvicorn(42),
            acc(43, "/get_model_info", "200 OK", method="GET", client="127.0.0.1:37220"),
            prefill_04(43, "DP0 TP0"),
            prefill_04(43, "DP1 TP1"),
            acc(44, "/generate", "200 OK", client="127.0.0.1:37226"),
            ready(44),
        ]
    ),
)
case(
    "v055-docker-compose-prefixed-get-model-info-then-ready",
    "0.5.5",
    "srt/entrypoints/http_server.py:1446 (GET /get_model_info, still in 0.5.5), ready after the warm-up; docker compose's `<service>-1  | ` prefix",
    "healthy",
    "the whole start-up through `docker compose up`: every line behind the service prefix; warm-up 200 and ready",
    "Attaching to sglang-1\n"
    + "\n".join(
        f"sglang-1  | {line}"
        for line in (
            UP_0510 + "\n" + WARMUP_0510.replace('"GET /model_info', '"GET /get_model_info') + "\n" + ready(74)
        ).split("\n")
    ),
)
case(
    "v0512-embedding-encode-warmup-then-ready",
    "0.5.12",
    "srt/entrypoints/http_server.py:1871 (GET /model_info), :1895 (request_name = '/encode' when not is_generation), :2033 (ready); observability/scheduler_metrics_mixin.py:512 (Prefill batch,)",
    "healthy",
    "an --is-embedding start: no CUDA graphs, the warm-up goes to /encode and answers 200; ready",
    "\n".join(
        [
            f"{ts(0)} server_args=ServerArgs(model_path='Alibaba-NLP/gte-Qwen2-7B-instruct', is_embedding=True, tp_size=1, mem_fraction_static=0.88, port=30000, log_level='info')",
            f"{ts(9, 'TP0')} Load weight begin. avail mem=78.52 GB",
            f"{ts(21, 'TP0')} Load weight end. elapsed=11.80 s, type=Qwen2ForCausalLM, avail mem=64.29 GB, mem usage=14.23 GB.",
            f"{ts(22, 'TP0')} KV Cache is allocated. #tokens: 981532, K size: 26.21 GB, V size: 26.21 GB",
            f"{ts(22, 'TP0')} Memory pool end. avail mem=10.89 GB",
            f"{ts(23, 'TP0')} max_total_num_tokens=981532, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=10.89 GB",
            uvicorn(24),
            acc(25, "/model_info", "200 OK", method="GET", client="127.0.0.1:50312"),
            prefill_05(25, "TP0", new=6),
            acc(25, "/encode", "200 OK", client="127.0.0.1:50316"),
            ready(25),
        ]
    ),
)
UP_0523 = "\n".join(
    [
        f"{ts(0)} server_args=ServerArgs(model_path='Qwen/Qwen3-32B', tp_size=4, mem_fraction_static=0.88, port=30000, log_level='info')",
        f"{ts(9, 'TP0')} Load weight begin. avail mem=78.52 GB",
        f"{ts(40, 'TP0')} Load weight end. elapsed=31.02 s, type=Qwen3ForCausalLM, avail mem=62.80 GB, mem usage=15.72 GB.",
        f"{ts(41, 'TP0')} Memory pool end. avail mem=12.40 GB",
        f"{ts(42, 'TP0')} Capture target decode CUDA graph begin. backend=full, num_tokens_per_req=1, avail mem=12.38 GB",
        f"{ts(70, 'TP0')} Capture target decode CUDA graph end. bs=[1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256], elapsed=28.04 s, mem usage=1.40 GB, avail mem=10.98 GB.",
        f"{ts(71, 'TP0')} max_total_num_tokens=812345, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=10.98 GB",
    ]
)
case(
    "v0523-launch-server-userwarning-model-info-freeze-gc-then-ready",
    "0.5.23",
    "sglang/launch_server.py:71 (UserWarning 'sglang serve' is the recommended entrypoint); srt/entrypoints/http_server.py:2374 (GET /model_info), :2492 (POST /generate), :2562 (POST /freeze_gc), :2600 (ready); model_runner_components/cuda_graph_setup.py:758/785; managers/scheduler.py:1269",
    "healthy",
    "`python -m sglang.launch_server` warns that `sglang serve` is preferred (a UserWarning, not a failure); warm-up, /freeze_gc, ready",
    "\n".join(
        [
            f"{PKG}/sglang/launch_server.py:71: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
            "  Example: sglang serve --model-path <model> [options]",
            "  warnings.warn(",
            UP_0523,
            uvicorn(72),
            acc(73, "/model_info", "200 OK", method="GET", client="127.0.0.1:43948"),
            prefill_05(73, "TP0"),
            acc(74, "/generate", "200 OK", client="127.0.0.1:43950"),
            acc(74, "/freeze_gc", "200 OK", client="127.0.0.1:43958"),
            ready(74),
        ]
    ),
)
case(
    "v0523-sglang-serve-vlm-chat-warmup-native-grpc-then-ready",
    "0.5.23",
    "sglang/cli/serve.py (_run_llm -> run_server); srt/entrypoints/http_server.py:3112 (Native gRPC server started on), :2400 (request_name = '/v1/chat/completions' for a VLM), :2600 (ready)",
    "healthy",
    "`sglang serve` of a VLM with --grpc-port: the native gRPC listener starts, the image warm-up goes through /v1/chat/completions; ready",
    "\n".join(
        [
            "$ sglang serve Qwen/Qwen2.5-VL-7B-Instruct --grpc-port 30001 --port 30000 --host 0.0.0.0",
            UP_0523.replace("Qwen/Qwen3-32B', tp_size=4", "Qwen/Qwen2.5-VL-7B-Instruct', tp_size=1").replace(
                "type=Qwen3ForCausalLM", "type=Qwen2_5_VLForConditionalGeneration"
            ),
            f"{ts(72)} Native gRPC server started on 0.0.0.0:30001",
            uvicorn(72),
            acc(73, "/model_info", "200 OK", method="GET", client="127.0.0.1:43948"),
            prefill_05(74, "TP0", new=27),
            acc(75, "/v1/chat/completions", "200 OK", client="127.0.0.1:43950"),
            acc(75, "/freeze_gc", "200 OK", client="127.0.0.1:43958"),
            ready(75),
        ]
    ),
)

# -- the router (sglang-router 0.1.4 with sglang 0.4.6 workers, `python -m sglang_router.launch_server --dp-size 2`)
RPY = "[Router (Python)] 2025-05-01 10:{m:02d}:{s:02d} - {lvl} - {msg} - {where}"  # launch_server.py:25 format
RRS = "[Router (Rust)] 2025-05-01 10:{m:02d}:{s:02d} - {lvl} - {msg}"  # server.rs env_logger format
W0, W1 = "http://127.0.0.1:31000", "http://127.0.0.1:31418"


def rpy(second: int, lvl: str, msg: str, where: str) -> str:
    return RPY.format(m=second // 60, s=second % 60, lvl=lvl, msg=msg, where=where)


def rrs(second: int, msg: str, lvl: str = "INFO") -> str:
    return RRS.format(m=second // 60, s=second % 60, lvl=lvl, msg=msg)


def worker_start(second: int, pid: int) -> str:
    """One DP worker (a full 0.4.6 server, tp=1: no rank tag) as far as uvicorn."""
    return "\n".join(
        [
            f"{ts(second)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tp_size=1, dp_size=1, mem_fraction_static=0.88, port={31000 if pid % 2 == 0 else 31418}, log_level='info')",
            f"{ts(second + 6)} Load weight begin. avail mem=78.52 GB",
            f"{ts(second + 20)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.38 GB, mem usage=15.14 GB.",
        ]
    )


ROUTER_HEAD = "\n".join(
    [
        rpy(0, "INFO", "Launching DP server process 0 on port 31000", "launch_server.py:175"),
        rpy(0, "INFO", "Launching DP server process 1 on port 31418", "launch_server.py:175"),
        rrs(2, "🚧 Initializing router on 127.0.0.1:30000"),
        rrs(2, f'🚧 Initializing workers on ["{W0}", "{W1}"]'),
        rrs(
            2,
            "🚧 Policy Config: CacheAwareConfig { cache_threshold: 0.5, balance_abs_threshold: 32, balance_rel_threshold: 1.0001, eviction_interval_secs: 60, max_tree_size: 16777216, timeout_secs: 300, interval_secs: 10 }",
        ),
        rrs(2, "🚧 Max payload size: 4 MB"),
        rrs(2, f"Worker {W0} health check is pending with error: error sending request for url ({W0}/health)"),
        rrs(2, f"Worker {W1} health check is pending with error: error sending request for url ({W1}/health)"),
        rrs(2, "Unhealthy workers:"),
        rrs(2, f"  {W0} - Error: error sending request for url ({W0}/health)"),
        rrs(2, f"  {W1} - Error: error sending request for url ({W1}/health)"),
        worker_start(4, 5150),
        worker_start(4, 5151),
    ]
)


def worker_ready(second: int, port: int, pid: int) -> str:
    return "\n".join(
        [
            f"{ts(second)} max_total_num_tokens=451200, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=131072",
            uvicorn(second + 1, port=port, pid=pid, host="127.0.0.1"),
            acc(second + 2, "/get_model_info", "200 OK", method="GET", client="127.0.0.1:40112"),
            f"{ts(second + 2)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
            acc(second + 3, "/generate", "200 OK", client="127.0.0.1:40118"),
            ready(second + 3),
        ]
    )


case(
    "router-v014-all-workers-healthy-then-serving-router",
    "sglang-router 0.1.4 + sglang 0.4.6",
    "sglang_router/launch_server.py:175 (Launching DP server process), sgl-router src/server.rs (🚧 Initializing router/workers, Policy Config, Max payload size; ✅ Serving router/workers on), src/router.rs (health check is pending with error / Unhealthy workers: / All workers are healthy)",
    "healthy",
    "the router waits while both DP workers load (pending health checks are its normal polling), both print ready, `All workers are healthy`, router serving",
    "\n".join(
        [
            ROUTER_HEAD,
            worker_ready(48, 31000, 5150),
            worker_ready(49, 31418, 5151),
            acc(62, "/health", "200 OK", method="GET", client="127.0.0.1:56010"),
            acc(62, "/health", "200 OK", method="GET", client="127.0.0.1:56012"),
            rrs(62, "All workers are healthy"),
            rrs(62, "✅ Serving router on 127.0.0.1:30000"),
            rrs(62, f'✅ Serving workers on ["{W0}", "{W1}"]'),
        ]
    ),
)
case(
    "diff-0523-server-warmup-then-fired-up",
    "0.5.23 (multimodal_gen)",
    "multimodal_gen/runtime/entrypoints/http_server.py:104-119 (_run_server_warmup_after_http_live: the synthetic warm-up, then `The server is fired up and ready to roll!`); managers/scheduler.py:166 (Scheduler (dp replica 0) bind at endpoint)",
    "healthy",
    "the diffusion runtime's own ready line, printed after uvicorn's lines once its synthetic warm-up generation finished",
    "\n".join(
        [
            flux_args(1, warmup=True),
            f"{dts(1)} Starting server...",
            f"{dts(6)} Initializing distributed environment with world_size=1, device=cuda:0, timeout=3600",
            f"{dts(7)} No pipeline_class_name specified, using model_index.json",
            flux_loading(),
            f"{dts(41)} Loaded model with 11.90B parameters",
            diff_ready(43).replace(
                "Scheduler bind at endpoint: tcp://127.0.0.1:5638",
                "Scheduler (dp replica 0) bind at endpoint: tcp://127.0.0.1:5638",
            ),
            f"{dts(57)} The server is fired up and ready to roll!",
        ]
    ),
)
case(
    "engine-offline-no-ready-line-script-output",
    "0.5.10.post1",
    "srt/entrypoints/engine.py:181 (Engine logs server_args; no HTTP server, no warm-up, no ready line); managers/scheduler.py (max_total_num_tokens, Prefill/Decode batch); the user's script prints the outputs",
    "healthy",
    "sgl.Engine in a script: the start-up ends at the pool line, then the script's own batches and outputs; nothing fails",
    "\n".join(
        [
            startup("cuda_graph").replace("tp_size=4", "tp_size=1"),
            f"{ts(70, 'TP0')} Capture cuda graph end. Time elapsed: 28.0 s. mem usage=1.40 GB. avail mem=10.98 GB.",
            f"{ts(71, 'TP0')} max_total_num_tokens=812345, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=10.98 GB",
            f"{ts(72, 'TP0')} Prefill batch, #new-seq: 4, #new-token: 29, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, #pending-token: 0, cuda graph: False, input throughput (token/s): 0.00",
            f"{ts(72, 'TP0')} Decode batch, #running-req: 4, #token: 193, token usage: 0.00, cuda graph: True, gen throughput (token/s): 412.57, #queue-req: 0",
            "===============================",
            "Prompt: Hello, my name is",
            "Generated text:  Alex and I am a software engineer based in Toronto.",
            "===============================",
            "Prompt: The capital of France is",
            "Generated text:  Paris. It is known for the Eiffel Tower.",
        ]
    ),
)

case(
    "kubectl-logs-timestamps-prefixed-ready",
    "0.5.23",
    "srt/entrypoints/http_server.py:2600 (ready) as `kubectl logs --timestamps` shows it (an RFC 3339 stamp before each line)",
    "healthy",
    "a pod's log with kubectl's own timestamps in front of SGLang's: warm-up 200 and ready",
    "\n".join(
        f"2026-03-02T10:{int(line[15:17]) if line.startswith('[2026') else 0:02d}:{int(line[18:20]) if line.startswith('[2026') else 0:02d}.{417203 + i * 911:06d}123Z {line}"
        for i, line in enumerate(
            "\n".join(
                [
                    UP_0523,
                    uvicorn(72),
                    acc(73, "/model_info", "200 OK", method="GET", client="127.0.0.1:43948"),
                    prefill_05(73, "TP0"),
                    acc(74, "/generate", "200 OK", client="127.0.0.1:43950"),
                    acc(74, "/freeze_gc", "200 OK", client="127.0.0.1:43958"),
                    ready(74),
                ]
            ).split("\n")
        )
    ),
)

# =========================================================================================== what users paste
case(  # arguable: the excerpt stops before the ready line; nothing failed and the pool line is the last init step
    "cut-after-capture-at-max-total-num-tokens",
    "0.5.10.post1",
    "srt/managers/scheduler.py (max_total_num_tokens=..., available_gpu_mem=: printed once every worker finished init)",
    "healthy",
    "a paste cut right after capture at the pool summary: every init phase passed; the README's 'cut short' logs with no failure",
    startup("warmup").split(f"\n{ts(72)} INFO:     Started server process")[0],
)
case(  # arguable: at --log-level warning neither the ready line nor uvicorn's lines are printed
    "log-level-warning-only-bars-and-warnings",
    "0.5.10.post1",
    "server_args.py:927 (tool_call_parser deprecated, logger.warning); weight loader and cuda_graph_runner tqdm bars (not logging); uvicorn.run(log_level=server_args.log_level)",
    "healthy",
    "--log-level warning: only a deprecation warning and the progress bars to 100%; nothing failed (the ready line is INFO)",
    "\n".join(
        [
            f"{ts(0)} The tool_call_parser 'qwen25' is deprecated. Please use 'qwen' instead.",
            "Loading safetensors checkpoint shards:   0% Completed | 0/17 [00:00<?, ?it/s]",
            "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:31<00:00,  1.83s/it]",
            "Capturing batches (bs=256 avail_mem=12.30 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
            "Capturing batches (bs=1 avail_mem=10.98 GB): 100%|██████████| 36/36 [00:28<00:00,  1.28it/s]",
        ]
    ),
)
case(
    "request-400-hidden-states-not-configured-after-ready",
    "0.5.10.post1",
    "srt/managers/tokenizer_manager.py:854-857 (ValueError 'The server is not configured to return the hidden states...'); entrypoints/http_server.py:689-691 (logger.error '[http_server] Error: {e}', 400)",
    "healthy",
    "one client asked for hidden states the server was not started for: that request gets 400, serving goes on",
    "\n".join(
        [
            READY_0510,
            SERVING_0510,
            f"{ts(90)} [http_server] Error: The server is not configured to return the hidden states. Please set `--enable-return-hidden-states` to enable this feature.",
            acc(90, "/generate", "400 Bad Request", client="10.0.3.22:40988"),
            f"{ts(95, 'TP0')} Decode batch, #running-req: 60, #token: 322110, token usage: 0.40, cuda graph: True, gen throughput (token/s): 2801.42, #queue-req: 3",
            acc(96, "/v1/chat/completions", "200 OK", client="10.0.3.17:52120"),
        ]
    ),
)
case(
    "deprecation-and-userwarnings-with-alarming-words-then-ready",
    "0.5.10.post1 / pynvml 12 / transformers 4.57",
    "pynvml __init__ (FutureWarning, shown at torch/cuda/__init__.py:63); srt/utils/common.py:1100 (Fail to set RLIMIT_NOFILE), server_args.py:933 (--enable-nan-detection is deprecated); distributed/device_communicators/custom_all_reduce_utils.py:454 (CustomAllreduce is disabled because it's not supported ...)",
    "healthy",
    "warnings that say 'deprecated', 'Fail', 'not supported': each is logged and start-up goes on to ready",
    "\n".join(
        [
            f"{PKG}/torch/cuda/__init__.py:63: FutureWarning: The pynvml package is deprecated. Please install nvidia-ml-py instead. If you did not install pynvml directly, please report this to the maintainers of the package that installed pynvml for you.",
            "  import pynvml  # type: ignore[import]",
            f"{ts(0)} --enable-nan-detection is deprecated. Use SGLANG_SPEC_NAN_DETECTION=1 and SGLANG_SPEC_OOB_DETECTION=1 instead.",
            f"{ts(0)} Fail to set RLIMIT_NOFILE: current limit exceeds maximum limit",
            READY_0510.replace(
                f"{ts(8, 'TP0')} Init torch distributed ends",
                "\n".join(
                    f"{ts(7, f'TP{r}')} CustomAllreduce is disabled because it's not supported on more than two PCIe-only GPUs. To silence this warning, specify disable_custom_all_reduce=True explicitly."
                    for r in range(4)
                )
                + f"\n{ts(8, 'TP0')} Init torch distributed ends",
            ),
        ]
    ),
)
case(
    "nccl-debug-info-p2p-cumem-nvls-init-complete-then-ready",
    "0.5.10.post1 / NCCL 2.27.7",
    "nccl v2.27.7-1 src/init.cc:543 (NCCL version), src/plugin/plugin_open.cc:103 (NET/Plugin: Could not find:), src/misc/ibvsymbols.cc:81 (Failed to open libibverbs.so[.1]), src/transport/net_ib/init.cc (NET/IB : No device found.), src/transport/nvls.cc:200, src/transport/p2p.cc:393, src/transport/generic.cc:31/50, src/init.cc:1469 (Init COMPLETE)",
    "healthy",
    "NCCL_DEBUG=INFO on one 4-GPU NVLink box: 'Could not find', 'Failed to open', 'No device found' are NCCL probing for IB; rings connect, Init COMPLETE, ready",
    READY_0510.replace(
        f"{ts(8, 'TP0')} Init torch distributed ends",
        "\n".join(
            [
                "gpu-node-07:51234:51234 [0] NCCL INFO NCCL version 2.27.7+cuda12.9",
                nccl(None, "NET/Plugin: Could not find: libnccl-net.so. "),
                nccl(None, "Failed to open libibverbs.so[.1]"),
                nccl(None, "NET/IB : No device found."),
                nccl(None, "Using network Socket"),
                nccl(None, "NVLS multicast support is not available on dev 0 (NVLS_NCHANNELS 0)"),
                nccl(None, "Channel 00/24 : 0 1 2 3"),
                nccl(None, "Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read"),
                nccl(None, "Channel 00/0 : 1[1] -> 2[2] via P2P/CUMEM/read", dev=1, pid=51235),
                nccl(None, "Connected all rings, use ring PXN 0 GDR 1"),
                nccl(None, "Connected all trees"),
                nccl(
                    None,
                    "ncclCommInitRankConfig comm 0x5632a8c1e2f0 rank 0 nranks 4 cudaDev 0 nvmlDev 0 busId 18000 commId 0x7d1f3a9be4c25a11 - Init COMPLETE",
                ),
                nccl(
                    None,
                    "ncclCommInitRankConfig comm 0x55e1c03b7a40 rank 1 nranks 4 cudaDev 1 nvmlDev 1 busId 2a000 commId 0x7d1f3a9be4c25a11 - Init COMPLETE",
                    dev=1,
                    pid=51235,
                ),
                f"{ts(8, 'TP0')} Init torch distributed ends",
            ]
        ),
    ),
)

FAILED_KV = (
    f"{ts(90, 'TP0')} Scheduler hit an exception: {TB}\n"
    + frames(*POOL, ("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"))
    + "\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.7\n"
    + SIGQUIT
)
case(
    "two-launches-kv-not-enough-then-higher-fraction-ready",
    "0.5.10.post1",
    "model_executor/model_runner_kv_cache_mixin.py:57 (first launch: Not enough memory), then the second launch's start-up to http_server.py:1929 (ready)",
    "healthy",
    "two launches in one paste: the first died at the KV pool with 0.7, the user raised --mem-fraction-static and the second reached ready",
    "$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --mem-fraction-static 0.7\n"
    + startup("kv_cache").replace("mem_fraction_static=0.88", "mem_fraction_static=0.7")
    + "\n"
    + FAILED_KV
    + "\n$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --mem-fraction-static 0.88\n"
    + READY_0510,
)
case(
    "two-launches-bad-attention-backend-choice-then-ready",
    "0.5.5",
    "server_args.py:108-130 (ATTENTION_BACKEND_CHOICES; argparse's `invalid choice` and exit 2), then the second launch to ready",
    "healthy",
    "the first command was refused by argparse (a backend name 0.5.5 does not know), the second without the flag reached ready",
    "$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --attention-backend flashattn\n"
    + "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH] [--host HOST] [--port PORT] [--attention-backend {triton,torch_native,flex_attention,nsa,cutlass_mla,fa3,fa4,flashinfer,flashmla,trtllm_mla,trtllm_mha,dual_chunk_flash_attn,aiter,wave,intel_amx,ascend,intel_xpu}] ...\n"
    + "launch_server.py: error: argument --attention-backend: invalid choice: 'flashattn' (choose from 'triton', 'torch_native', 'flex_attention', 'nsa', 'cutlass_mla', 'fa3', 'fa4', 'flashinfer', 'flashmla', 'trtllm_mla', 'trtllm_mha', 'dual_chunk_flash_attn', 'aiter', 'wave', 'intel_amx', 'ascend', 'intel_xpu')\n"
    + "$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --attention-backend fa3\n"
    + READY_0510.replace('"GET /model_info', '"GET /get_model_info'),
)
case(
    "two-launches-port-taken-then-other-port-ready",
    "0.5.10.post1",
    "uvicorn's bind error ([Errno 98] ... address already in use) at the first launch; the second with --port 30001 reaches ready",
    "healthy",
    "the first launch could not bind 30000 (another server held it), the user moved to 30001 and that launch reached ready",
    "$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4\n"
    + UP_0510.rsplit("\n", 1)[0]
    + f"\n{ts(72)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use"
    + f"\n{ts(72)} INFO:     Waiting for application shutdown."
    + f"\n{ts(72)} INFO:     Application shutdown complete."
    + "\n$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --port 30001\n"
    + READY_0510.replace("http://0.0.0.0:30000", "http://0.0.0.0:30001").replace("port=30000", "port=30001"),
)
case(
    "k8s-probes-503-before-ready-then-health-generate-200",
    "0.5.10.post1",
    "srt/entrypoints/http_server.py:490-491 (/health and /health_generate answer 503 while ServerStatus.Starting), :478 (health_generate runs a 1-token request once up)",
    "healthy",
    "Kubernetes probes get 503 until the warm-up sets the status Up (by design), then /health_generate answers 200 after ready",
    "\n".join(
        [
            UP_0510,
            acc(72, "/health", "503 Service Unavailable", method="GET", client="10.244.3.1:44210"),
            acc(73, "/health_generate", "503 Service Unavailable", method="GET", client="10.244.3.1:44212"),
            WARMUP_0510,
            ready(74),
            acc(82, "/health", "200 OK", method="GET", client="10.244.3.1:44230"),
            f"{ts(83, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 1, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, #pending-token: 0, cuda graph: False, input throughput (token/s): 0.09",
            acc(83, "/health_generate", "200 OK", method="GET", client="10.244.3.1:44232"),
        ]
    ),
)
case(
    "get-model-info-deprecated-warning-polled-after-ready",
    "0.5.23",
    "srt/entrypoints/http_server.py:802-809 (GET /get_model_info logs 'Endpoint /get_model_info is deprecated' and answers /model_info)",
    "healthy",
    "an old client polls the deprecated endpoint: a warning per poll, each answered 200",
    "\n".join(
        [
            UP_0523,
            uvicorn(72),
            acc(73, "/model_info", "200 OK", method="GET", client="127.0.0.1:43948"),
            prefill_05(73, "TP0"),
            acc(74, "/generate", "200 OK", client="127.0.0.1:43950"),
            acc(74, "/freeze_gc", "200 OK", client="127.0.0.1:43958"),
            ready(74),
            f"{ts(90)} Endpoint '/get_model_info' is deprecated and will be removed in a future version. Please use '/model_info' instead.",
            acc(90, "/get_model_info", "200 OK", method="GET", client="10.0.3.40:51022"),
            f"{ts(120)} Endpoint '/get_model_info' is deprecated and will be removed in a future version. Please use '/model_info' instead.",
            acc(120, "/get_model_info", "200 OK", method="GET", client="10.0.3.40:51040"),
        ]
    ),
)
case(
    "pd-disagg-warmup-completed-all-dp-ranks-then-ready",
    "0.5.23",
    "srt/entrypoints/http_server.py:2505 (Start of pd disaggregation warmup ...), :2516-2520 (completed for all %s DP ranks; End of disaggregation warmup), :2600 (ready)",
    "healthy",
    "a PD decode server (0.5.23) sends one fake-bootstrap warm-up per DP rank, all 200; ready",
    "\n".join(
        [
            UP_0523.replace("tp_size=4", "tp_size=4, disaggregation_mode='decode'"),
            uvicorn(72),
            acc(73, "/model_info", "200 OK", method="GET", client="127.0.0.1:43948"),
            f"{ts(73)} Start of pd disaggregation warmup ...",
            acc(75, "/generate", "200 OK", client="127.0.0.1:43952"),
            f"{ts(75)} Disaggregation warmup requests completed for all 1 DP ranks",
            f"{ts(75)} End of disaggregation warmup",
            acc(75, "/freeze_gc", "200 OK", client="127.0.0.1:43958"),
            ready(75),
        ]
    ),
)
case(
    "skip-server-warmup-ready-right-after-uvicorn",
    "0.5.11",
    "srt/entrypoints/http_server.py (_wait_and_warmup: with --skip-server-warmup the status is set Up and the ready line follows uvicorn's without any warm-up request)",
    "healthy",
    "--skip-server-warmup: no /model_info or /generate lines at all, the ready line right after uvicorn's",
    UP_0510 + "\n" + ready(73),
)

# ================================================================== contrasts: it LOOKS up (or reached ready) but is not
case(
    "contrast-uvicorn-up-warmup-forward-illegal-memory-access",
    "0.5.10.post1",
    "managers/scheduler.py (Scheduler hit an exception: in the event loop during the warm-up request's prefill); torch's CUDA error text; the launcher's sigquit line",
    "cuda_error_other",
    "uvicorn is up and /model_info answered, but the warm-up's first forward hit an illegal memory access and the server died",
    "\n".join(
        [
            UP_0510,
            acc(73, "/model_info", "200 OK", method="GET", client="127.0.0.1:43948"),
            f"{ts(73, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, #pending-token: 0, cuda graph: False, input throughput (token/s): 0.00",
            f"{ts(74, 'TP0')} Scheduler hit an exception: {TB}",
            frames(*LOOP),
            "torch.AcceleratorError: CUDA error: an illegal memory access was encountered",
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            "",
            SIGQUIT,
        ]
    ),
)
case(  # arguable: the OOM is in the first forward (activations), before ready; the fix is a LOWER fraction, not the pool's
    "contrast-v016-warmup-read-timeout-behind-swallowed-oom",
    "0.1.16",
    "srt/managers/router/model_rpc.py:197-198 (except Exception: logger.error 'Exception in ModelRpcClient:'), server.py:199-217 (warm-up POST timeout=600; print 'Initialization failed. warmup error: {e}'; raise e in the thread); requests' ReadTimeout text",
    "oom_runtime",
    "uvicorn is up but the warm-up's first forward ran out of memory; the router swallowed it, the warm-up request timed out and never completed",
    V016_START
    + "\n"
    + V016_READY
    + '\nINFO:     127.0.0.1:50142 - "GET /get_model_info HTTP/1.1" 200 OK\nnew fill batch. #seq: 1. #cached_token: 0. #new_token: 9. #remaining_req: 0. #running_req: 0. tree_cache_hit_rate: 0.00%.\nException in ModelRpcClient:\n'
    + tb(
        CONDA,
        (
            ("srt/managers/router/model_rpc.py", 196, "exposed_step", "self.forward_step()"),
            (f"{CONDA}/torch/utils/_contextlib.py", 115, "decorate_context", "return func(*args, **kwargs)"),
            ("srt/managers/router/model_rpc.py", 211, "forward_step", "self.forward_fill_batch(new_batch)"),
            (
                "srt/managers/router/model_rpc.py",
                434,
                "forward_fill_batch",
                ") = self.model_runner.forward(batch, ForwardMode.EXTEND)",
            ),
            ("srt/managers/router/model_runner.py", 454, "forward", "return self.forward_extend(batch)"),
            ("srt/managers/router/model_runner.py", 401, "forward_extend", "return self.model.forward("),
        ),
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacty of 23.65 GiB of which 410.56 MiB is free. Process 21475 has 23.24 GiB memory in use. Of the allocated memory 22.63 GiB is allocated by PyTorch, and 151.40 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF",
    )
    + "\n\nInitialization failed. warmup error: HTTPConnectionPool(host='127.0.0.1', port=30000): Read timed out. (read timeout=600)\n"
    + "Exception in thread Thread-1 (_wait_and_warmup):\n"
    + tb(
        CONDA,
        (
            (f"{CONDA}/urllib3/connectionpool.py", 537, "_make_request", "response = conn.getresponse()"),
            (f"{CONDA}/urllib3/connection.py", 466, "getresponse", "httplib_response = super().getresponse()"),
            (
                "/home/user/miniconda3/envs/sglang/lib/python3.10/socket.py",
                705,
                "readinto",
                "return self._sock.recv_into(b)",
            ),
        ),
        "TimeoutError: timed out",
    )
    + "\n\nThe above exception was the direct cause of the following exception:\n\n"
    + tb(
        CONDA,
        (
            ("srt/server.py", 217, "_wait_and_warmup", "raise e"),
            ("srt/server.py", 200, "_wait_and_warmup", "res = requests.post("),
            (f"{CONDA}/requests/api.py", 115, "post", 'return request("post", url, data=data, json=json, **kwargs)'),
            (f"{CONDA}/requests/api.py", 59, "request", "return session.request(method=method, url=url, **kwargs)"),
            (f"{CONDA}/requests/sessions.py", 589, "request", "resp = self.send(prep, **send_kwargs)"),
            (f"{CONDA}/requests/sessions.py", 703, "send", "r = adapter.send(request, **kwargs)"),
            (f"{CONDA}/requests/adapters.py", 532, "send", "raise ReadTimeout(e, request=request)"),
        ),
        "requests.exceptions.ReadTimeout: HTTPConnectionPool(host='127.0.0.1', port=30000): Read timed out. (read timeout=600)",
    ),
)

S046 = (
    (
        f"{PKG}/sglang/srt/managers/scheduler.py",
        2012,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
    ),
    (f"{PKG}/sglang/srt/managers/scheduler.py", 261, "__init__", "self.tp_worker = TpWorkerClass("),
    (f"{PKG}/sglang/srt/managers/tp_worker.py", 75, "__init__", "self.model_runner = ModelRunner("),
    (f"{PKG}/sglang/srt/model_executor/model_runner.py", 184, "__init__", "self.initialize(min_per_gpu_memory)"),
    (f"{PKG}/sglang/srt/model_executor/model_runner.py", 214, "initialize", "self.init_memory_pool("),
    (f"{PKG}/sglang/srt/model_executor/model_runner.py", 789, "init_memory_pool", "raise RuntimeError("),
)
TIMEOUT_MSG = f'Timeout 300s waiting for workers ["{W0}", "{W1}"] to become healthy. Please set --router-worker-startup-timeout-secs (sglang_router.launch_server) or --worker-startup-timeout-secs (sglang_worker.router) to a larger value'
case(  # the other GPU was occupied by another process: the fix is to free it, but SGLang's own words name the KV pool
    "contrast-router-worker0-ready-worker1-kv-not-enough-memory",
    "sglang-router 0.1.4 + sglang 0.4.6",
    "sglang 0.4.6 srt/model_executor/model_runner.py:789-791 (Not enough memory), managers/scheduler.py:2040 (Scheduler hit an exception:); sgl-router src/router.rs (Timeout {}s waiting for workers ...); sglang_router/launch_router.py:236, launch_server.py:196/123/142",
    "oom_kv_cache",
    "one DP worker printed ready, the other died at its KV pool; the router never saw it healthy and gave up after 300 s",
    "\n".join(
        [
            ROUTER_HEAD,
            f"{ts(25)} Scheduler hit an exception: {TB}",
            frames(*S046),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
            "",
            f"{ts(25)} Received sigquit from a child process. It usually means the child failed.",
            worker_ready(48, 31000, 5150),
            rrs(52, f"Worker {W1} health check is pending with error: error sending request for url ({W1}/health)"),
            rrs(52, "Unhealthy workers:"),
            rrs(52, f"  {W1} - Error: error sending request for url ({W1}/health)"),
            rrs(302, TIMEOUT_MSG, lvl="ERROR"),
            rpy(302, "ERROR", f"Error starting router: {TIMEOUT_MSG}", "launch_router.py:236"),
            rpy(302, "ERROR", f"Failed to start router: {TIMEOUT_MSG}", "launch_server.py:196"),
            rpy(302, "INFO", "Terminating process group 5150", "launch_server.py:123"),
            rpy(302, "INFO", "Terminating process group 5151", "launch_server.py:123"),
            rpy(303, "INFO", "All process groups terminated", "launch_server.py:142"),
        ]
    ),
)
case(
    "contrast-router-serving-then-worker0-illegal-memory-access",
    "sglang-router 0.1.4 + sglang 0.4.6",
    "sgl-router src/server.rs (✅ Serving router on), then sglang 0.4.6 managers/scheduler.py:2040 (Scheduler hit an exception:) in worker 0's event loop; torch's CUDA error text",
    "cuda_error_other",
    "the router came up over two ready workers, then worker 0's scheduler died on the first real batch with an illegal memory access",
    "\n".join(
        [
            ROUTER_HEAD,
            worker_ready(48, 31000, 5150),
            worker_ready(49, 31418, 5151),
            rrs(62, "All workers are healthy"),
            rrs(62, "✅ Serving router on 127.0.0.1:30000"),
            rrs(62, f'✅ Serving workers on ["{W0}", "{W1}"]'),
            f"{ts(70)} Prefill batch. #new-seq: 12, #new-token: 8192, #cached-token: 0, token usage: 0.02, #running-req: 0, #queue-req: 20",
            f"{ts(71)} Scheduler hit an exception: {TB}",
            frames(
                (
                    f"{PKG}/sglang/srt/managers/scheduler.py",
                    2030,
                    "run_scheduler_process",
                    "scheduler.event_loop_overlap()",
                ),
                (
                    f"{PKG}/sglang/srt/managers/scheduler.py",
                    663,
                    "event_loop_overlap",
                    "self.process_batch_result(tmp_batch, tmp_result)",
                ),
                (
                    f"{PKG}/sglang/srt/managers/scheduler.py",
                    1470,
                    "process_batch_result",
                    "self.process_batch_result_prefill(batch, result)",
                ),
                (
                    f"{PKG}/sglang/srt/managers/scheduler_output_processor_mixin.py",
                    52,
                    "process_batch_result_prefill",
                    ") = self.tp_worker.resolve_last_batch_result(launch_done)",
                ),
                (
                    f"{PKG}/sglang/srt/managers/tp_worker_overlap_thread.py",
                    194,
                    "resolve_last_batch_result",
                    "next_token_ids = next_token_ids.tolist()",
                ),
            ),
            "RuntimeError: CUDA error: an illegal memory access was encountered",
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            "",
            f"{ts(71)} Received sigquit from a child process. It usually means the child failed.",
            rrs(72, f"Request to {W0} failed (attempt 1/3)", lvl="WARN"),
        ]
    ),
)
case(
    "contrast-v051-dp1-dies-seconds-after-ready-torch-oom",
    "0.5.1",
    "srt/managers/scheduler.py (Scheduler hit an exception: on [DP1 TP2] in the event loop's forward); torch's OutOfMemoryError text; the launcher's sigquit line",
    "oom_runtime",
    "ready was printed (DP0 and DP1 both warmed up), then DP1's rank ran out of memory on its first big prefill and the server went down",
    "\n".join(
        [
            f"{ts(0)} server_args=ServerArgs(model_path='Qwen/Qwen2.5-72B-Instruct', tp_size=4, dp_size=2, mem_fraction_static=0.92, port=30000, log_level='info')",
            f"{ts(70, 'DP0 TP0')} max_total_num_tokens=389120, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=32768, available_gpu_mem=3.11 GB",
            f"{ts(70, 'DP1 TP0')} max_total_num_tokens=389120, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=32768, available_gpu_mem=3.11 GB",
            uvicorn(71),
            acc(72, "/get_model_info", "200 OK", method="GET", client="127.0.0.1:37220"),
            prefill_04(72, "DP0 TP0"),
            prefill_04(72, "DP1 TP0"),
            acc(73, "/generate", "200 OK", client="127.0.0.1:37226"),
            ready(73),
            f"{ts(78, 'DP1 TP0')} Prefill batch. #new-seq: 3, #new-token: 16384, #cached-token: 0, token usage: 0.04, #running-req: 0, #queue-req: 5, ",
            f"{ts(79, 'DP1 TP2')} Scheduler hit an exception: {TB}",
            frames(*LOOP),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.38 GiB. GPU 6 has a total capacity of 79.19 GiB of which 2.85 GiB is free. Including non-PyTorch memory, this process has 76.33 GiB memory in use. Of the allocated memory 74.02 GiB is allocated by PyTorch, and 1.21 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
            "",
            f"{ts(79)} Received sigquit from a child process. It usually means the child failed.",
        ]
    ),
)
case(
    "contrast-ready-then-pynccl-remote-error-seconds-later",
    "0.5.10.post1 / NCCL 2.27.7",
    "srt/distributed/device_communicators/pynccl_wrapper.py:373-376 (RuntimeError 'NCCL error: {error_str}'), pynccl.py:141; nccl src/init.cc:2390 (ncclRemoteError string)",
    "nccl_or_distributed",
    "a 2-node TP=16 server printed ready, then the first real all-reduce failed: a peer process or the network went away",
    READY_0510.replace("tp_size=4", "tp_size=16, nnodes=2, node_rank=0, dist_init_addr='10.0.0.1:5000'")
    + "\n"
    + SERVING_0510.split("\n")[0]
    + f"\n{ts(84, 'TP3')} Scheduler hit an exception: {TB}\n"
    + frames(
        *LOOP,
        ("layers/linear.py", 1380, "forward", "output = tensor_model_parallel_all_reduce(output_parallel)"),
        (
            "distributed/communication_op.py",
            13,
            "tensor_model_parallel_all_reduce",
            "return get_tp_group().all_reduce(input_)",
        ),
        ("distributed/parallel_state.py", 581, "all_reduce", "self.pynccl_comm.all_reduce(input_)"),
        ("distributed/device_communicators/pynccl.py", 141, "all_reduce", "self.nccl.ncclAllReduce("),
        ("distributed/device_communicators/pynccl_wrapper.py", 425, "ncclAllReduce", "self.NCCL_CHECK("),
        (
            "distributed/device_communicators/pynccl_wrapper.py",
            376,
            "NCCL_CHECK",
            'raise RuntimeError(f"NCCL error: {error_str}")',
        ),
    )
    + "\nRuntimeError: NCCL error: remote process exited or there was a network error\n"
    + SIGQUIT,
)
case(
    "contrast-two-launches-first-ready-second-port-in-use",
    "0.5.10.post1",
    "first launch to ready; the second launch (the first still running) fails at uvicorn's bind: [Errno 98] ... address already in use",
    "port_in_use",
    "the paste's first launch was fine; the user launched again without stopping it and the second could not bind the port",
    "$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4\n"
    + READY_0510
    + "\n$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --enable-metrics\n"
    + startup("warmup").rsplit("\n", 1)[0]
    + f"\n{ts(72)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use"
    + f"\n{ts(72)} INFO:     Waiting for application shutdown."
    + f"\n{ts(72)} INFO:     Application shutdown complete.",
)
case(
    "contrast-two-launches-first-ready-second-capture-oom",
    "0.5.10.post1",
    "first launch to ready (Ctrl-C); the second with a larger --cuda-graph-max-bs dies in capture: model_executor/cuda_graph_runner.py (Capture cuda graph failed: ... + CUDA_GRAPH_CAPTURE_FAILED_MSG)",
    "oom_cuda_graph",
    "the first launch reached ready and was stopped; the relaunch with a bigger graph batch ran out of memory capturing",
    "$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4\n"
    + READY_0510
    + "\n^C"
    + f"\n{ts(90)} INFO:     Shutting down"
    + f"\n{ts(90)} INFO:     Waiting for application shutdown."
    + f"\n{ts(90)} INFO:     Application shutdown complete."
    + f"\n{ts(90)} INFO:     Finished server process [4242]"
    + "\n$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --cuda-graph-max-bs 512\n"
    + startup("cuda_graph").replace("cuda_graph_max_bs=256", "cuda_graph_max_bs=512")
    + f"\n{ts(95, 'TP0')} Scheduler hit an exception: {TB}\n"
    + frames(
        *INIT,
        ("model_executor/model_runner.py", 600, "initialize", "self.init_device_graphs()"),
        (
            "model_executor/model_runner.py",
            2430,
            "init_device_graphs",
            "self.graph_runner = graph_runners[self.device](self)",
        ),
        ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),
    )
    + "\nException: Capture cuda graph failed: CUDA out of memory. Tried to allocate 1.02 GiB. GPU 0 has a total capacity of 79.19 GiB of which 650.06 MiB is free. Including non-PyTorch memory, this process has 78.54 GiB memory in use. Of the allocated memory 74.88 GiB is allocated by PyTorch, with 1.43 GiB allocated in private pools (e.g., CUDA Graphs), and 1.07 GiB is reserved by PyTorch but unallocated.\n"
    + "Possible solutions:\n"
    + "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    + "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    + "3. disable torch compile by not using --enable-torch-compile\n"
    + "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    + "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
    + "\n"
    + SIGQUIT,
)
case(
    "contrast-log-level-warning-bars-then-capture-oom",
    "0.5.10.post1",
    "at --log-level warning: the progress bars, then the scheduler's logger.error (Scheduler hit an exception:) with the capture failure",
    "oom_cuda_graph",
    "a quiet log whose bars look like progress: the capture bar stops at 55% and the scheduler's exception is a capture OOM",
    "\n".join(
        [
            "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:31<00:00,  1.83s/it]",
            "Capturing batches (bs=256 avail_mem=1.30 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
            "Capturing batches (bs=160 avail_mem=0.42 GB):  55%|█████▌    | 20/36 [00:11<00:07,  2.01it/s]",
            f"{ts(60, 'TP0')} Scheduler hit an exception: {TB}",
            frames(
                *INIT,
                ("model_executor/model_runner.py", 600, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    2430,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),
            ),
            "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 448.00 MiB. GPU 0 has a total capacity of 79.19 GiB of which 402.06 MiB is free. Including non-PyTorch memory, this process has 78.78 GiB memory in use. Of the allocated memory 75.92 GiB is allocated by PyTorch, with 0.93 GiB allocated in private pools (e.g., CUDA Graphs), and 0.61 GiB is reserved by PyTorch but unallocated.",
            "Possible solutions:",
            "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
            "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
            "3. disable torch compile by not using --enable-torch-compile",
            "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
            "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
            "",
            SIGQUIT,
        ]
    ),
)

_ = SCHED  # the shared prefix, kept for builders that extend it


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "contrast-router-worker0-ready-worker1-kv-not-enough-memory": "healthy",  # by phases.ready: worker 0's ready line
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_ready_moment_excerpt_gets_its_label(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


def test_the_set_is_mostly_ready_lines_with_contrasts() -> None:
    labels = [t.label for t in CASES.values()]
    assert 35 <= len(labels) <= 45
    assert 8 <= sum(label != "healthy" for label in labels) <= 10

"""What a prefill chunk's forward really allocates on a GPU, per token: real PyTorch, real allocator, real H200.

The memory model (`safelaunch.core.memory.activations`) budgets a full chunk's activations per model; this
measures the same quantity with PyTorch's own allocator on the GPU at hand, for dense decoder layers of the
catalogue's shapes at a TP (the per-GPU widths), so the model's constants rest on a measurement rather than on
a guess. It is not SGLang: SGLang's fused kernels (FlashInfer attention, sgl-kernel's RMSNorm and
SiLU-and-mul) allocate no more than these unfused PyTorch ops do, so the figure is an upper bound of the
layer's transient need. The peak is the layer's transient memory above its inputs and weights
(`torch.cuda.max_memory_allocated`), plus the persistent residual stream; layers run one after another and
free their transients, so one layer's peak is the forward's. The LM head runs on the last token of the chunk
only (SGLang's LogitsProcessor prunes a prefill to its last tokens unless input logprobs are asked for); the
input-logprob case (fp32 logits for every token) is measured separately.

    python benchmarks/gpu/activations.py --out results/activations.json
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SHAPES = {  # name: hidden, intermediate, query heads, KV heads, head dim, vocabulary
    "Qwen/Qwen3-8B": (4096, 12288, 32, 8, 128, 151936),
    "meta-llama/Llama-3.1-8B-Instruct": (4096, 14336, 32, 8, 128, 128256),
    "meta-llama/Llama-3.1-70B-Instruct": (8192, 28672, 64, 8, 128, 128256),
}


def layer_peak(
    torch: Any,
    hidden: int,
    inter: int,
    heads: int,
    kv_heads: int,
    head_dim: int,
    vocab: int,
    tokens: int,
    tp: int,
    input_logprobs: bool = False,
) -> int:
    """Bytes above the inputs and weights at the peak of one decoder layer + the LM head, on this GPU."""
    f = torch.nn.functional
    dev, dt = "cuda", torch.bfloat16
    heads_l, kv_l, inter_l = max(1, heads // tp), max(1, kv_heads // tp), inter // tp
    q_w, kv_w = heads_l * head_dim, kv_l * head_dim
    w_qkv = torch.randn(hidden, q_w + 2 * kv_w, device=dev, dtype=dt) * 0.02
    w_o = torch.randn(q_w, hidden, device=dev, dtype=dt) * 0.02
    w_gu = torch.randn(hidden, 2 * inter_l, device=dev, dtype=dt) * 0.02
    w_d = torch.randn(inter_l, hidden, device=dev, dtype=dt) * 0.02
    w_lm = torch.randn(hidden, vocab // tp, device=dev, dtype=dt) * 0.02
    x = torch.randn(tokens, hidden, device=dev, dtype=dt)
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    base = torch.cuda.memory_allocated()
    with torch.inference_mode():
        h = f.rms_norm(x, (hidden,))
        qkv = h @ w_qkv
        q, k, v = qkv.split([q_w, kv_w, kv_w], dim=-1)
        q = q.reshape(tokens, heads_l, head_dim).transpose(0, 1).unsqueeze(0)
        k = k.reshape(tokens, kv_l, head_dim).transpose(0, 1).unsqueeze(0)
        v = v.reshape(tokens, kv_l, head_dim).transpose(0, 1).unsqueeze(0)
        a = f.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        a = a.squeeze(0).transpose(0, 1).reshape(tokens, q_w)
        del q, k, v, qkv, h
        x = x + a @ w_o
        del a
        h = f.rms_norm(x, (hidden,))
        gu = h @ w_gu
        act = f.silu(gu[:, :inter_l]) * gu[:, inter_l:]
        del gu, h
        x = x + act @ w_d
        del act
        last = x[-1:] if not input_logprobs else x
        logits = (f.rms_norm(last, (hidden,)) @ w_lm).float()
        _ = torch.log_softmax(logits, dim=-1)
    torch.cuda.synchronize()
    peak = torch.cuda.max_memory_allocated() - base
    del w_qkv, w_o, w_gu, w_d, w_lm, x
    torch.cuda.empty_cache()
    return int(peak)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--tokens", type=int, default=8192)
    args = ap.parse_args()
    import torch

    from safelaunch.core import model_catalogue
    from safelaunch.core.memory.activations import activation_per_token

    rows = []
    for name, shape in SHAPES.items():
        info = model_catalogue.from_catalogue(name)
        for tp in (1, 2, 8):
            for logprobs in (False, True):
                peak = layer_peak(torch, *shape, args.tokens, tp, logprobs)
                row = {
                    "model": name,
                    "tp": tp,
                    "tokens": args.tokens,
                    "input_logprobs": logprobs,
                    "peak_bytes": peak,
                    "per_token_bytes": round(peak / args.tokens),
                    "model_estimate_per_token_bytes": round(activation_per_token(info, tp)) if info else None,
                }
                rows.append(row)
                print(json.dumps(row), flush=True)
    out = {
        "produced_by": "benchmarks/gpu/activations.py (PyTorch ops, not SGLang)",
        "device": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
        "python": platform.python_version(),
        "rows": rows,
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What the load generator sends: seeded prompts of bench_serving's lengths, with no tokenizer.

Why apart: the requests are decided before any connection opens, and reproducibly (one seed). `random-ids`
sends token ids directly (bench_serving's `--tokenize-prompt` path), so input lengths are exact; `random`
builds text of about ISL word pieces from a local ShareGPT file (nothing is downloaded) and leaves counting
the tokens to the server. `LoadgenError` lives here, where the first refusal (a missing dataset) is raised.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

DEFAULT_VOCAB = 32000
_WORD = re.compile(r"\w+|[^\w\s]")


class LoadgenError(Exception):
    """A benchmark that cannot run as asked (bad flags, missing dataset, warm-up failed); one line."""


@dataclass(frozen=True)
class RequestSpec:
    prompt: str | list[int]
    prompt_len: int  # the intended input length in tokens
    output_len: int


def random_lens(full_len: int, range_ratio: float, num: int, rng: random.Random) -> list[int]:
    """bench_serving's rule: uniform integers in [max(int(full * ratio), 1), full]; ratio 1.0 fixes the length."""
    if full_len <= 0:
        return [0] * num
    low = max(int(full_len * range_ratio), 1)
    return [rng.randint(low, full_len) for _ in range(num)]


def random_id_requests(
    isl: int, osl: int, range_ratio: float, num: int, vocab_size: int, rng: random.Random
) -> list[RequestSpec]:
    """Token-id prompts as `random-ids` builds them: consecutive ids from a random offset, modulo the vocabulary."""
    input_lens = random_lens(isl, range_ratio, num, rng)
    output_lens = random_lens(osl, range_ratio, num, rng)
    out = []
    for i in range(num):
        offset = rng.randrange(vocab_size)
        ids = [(offset + i + j) % vocab_size for j in range(input_lens[i])]
        out.append(RequestSpec(ids, input_lens[i], output_lens[i]))
    return out


def sharegpt_prompts(path: str) -> list[str]:
    """First human turns of a local ShareGPT JSON (`conversations` or `conversation`, at least two turns)."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        raise LoadgenError(f"cannot read --dataset-path {path}: {exc.strerror or exc}") from None
    except ValueError:
        raise LoadgenError(f"--dataset-path {path} is not JSON (a ShareGPT file is a JSON list)") from None
    prompts = []
    for item in data if isinstance(data, list) else []:
        turns = item.get("conversations", item.get("conversation", [])) if isinstance(item, dict) else []
        if isinstance(turns, list) and len(turns) >= 2 and isinstance(turns[0], dict):
            text = str(turns[0].get("value", ""))
            if _WORD.search(text):
                prompts.append(text)
    if not prompts:
        raise LoadgenError(f"--dataset-path {path} holds no conversation with two turns")
    return prompts


def text_requests(
    prompts: Sequence[str], isl: int, osl: int, range_ratio: float, num: int, rng: random.Random
) -> list[RequestSpec]:
    """ShareGPT text repeated or cut to about ISL word pieces (no tokenizer here: the server counts the tokens)."""
    input_lens = random_lens(isl, range_ratio, num, rng)
    output_lens = random_lens(osl, range_ratio, num, rng)
    pool = list(prompts)
    rng.shuffle(pool)
    out = []
    for i in range(num):
        pieces = _WORD.findall(pool[i % len(pool)])
        reps = -(-input_lens[i] // len(pieces))
        out.append(RequestSpec(" ".join((pieces * reps)[: input_lens[i]]), input_lens[i], output_lens[i]))
    return out


def vocab_size_for(model: str | None) -> int:
    """The model's vocabulary from safelaunch's catalogue (ids must be valid tokens), else a safe 32000."""
    if not model:
        return DEFAULT_VOCAB
    try:
        from safelaunch.host.model_source import resolve_model

        return int(resolve_model(model).vocab_size) or DEFAULT_VOCAB
    except Exception:
        return DEFAULT_VOCAB


def build_requests(args: argparse.Namespace) -> list[RequestSpec]:
    rng = random.Random(args.seed)
    if args.dataset_name == "random-ids":
        vocab = args.vocab_size or vocab_size_for(args.model)
        return random_id_requests(
            args.random_input_len, args.random_output_len, args.random_range_ratio, args.num_prompts, vocab, rng
        )
    if not args.dataset_path:
        raise LoadgenError(
            "--dataset-name random needs a local ShareGPT file (--dataset-path); this load generator downloads "
            "nothing: use --dataset-name random-ids on an offline host"
        )
    prompts = sharegpt_prompts(args.dataset_path)
    return text_requests(
        prompts, args.random_input_len, args.random_output_len, args.random_range_ratio, args.num_prompts, rng
    )

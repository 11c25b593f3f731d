"""tqdm's progress bars as a non-tty stream shows them: checkpoint shards and CUDA graph capture.

SGLang's weight loader and graph runner draw tqdm bars on stderr; captured through a pipe they arrive as
`\\r`-separated updates on one line, which the log watcher must read past. The caller writes them.
"""

from __future__ import annotations


def tqdm_bar(desc: str, n: int, total: int, elapsed: float) -> str:
    """A tqdm line as a non-tty stream shows it (no ANSI, `\\r`-separated updates)."""
    pct = int(100 * n / total) if total else 100
    width = 10
    filled = int(width * n / total) if total else width
    bar = "█" * filled + " " * (width - filled)
    rate = n / elapsed if elapsed > 0 else 0.0
    remaining = (total - n) / rate if rate > 0 else 0.0
    rate_text = f"{rate:5.2f}it/s" if n else "?it/s"
    left = "?" if not n else _clock(remaining)
    return f"{desc}: {pct:3d}%|{bar}| {n}/{total} [{_clock(elapsed)}<{left}, {rate_text}]"


def _clock(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def shard_bar(desc: str, n: int, total: int, elapsed: float) -> str:
    """The weight loader's bar (`Loading safetensors checkpoint shards: ...% Completed | n/total [...]`)."""
    rate = n / elapsed if elapsed > 0 and n else 0.0
    left = (total - n) / rate if rate else 0.0
    rate_text = f"{rate:5.2f}it/s" if n else "?it/s"
    remaining = _clock(left) if n else "?"
    pct = round(100 * n / total)
    return f"{desc}: {pct:3d}% Completed | {n}/{total} [{_clock(elapsed)}<{remaining}, {rate_text}]"

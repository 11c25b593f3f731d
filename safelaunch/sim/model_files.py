"""Where the sim finds a model's config, in the order SGLang (transformers) would: a directory, the HF cache.

`--model-path DIR` reads DIR/config.json; an id `org/name` is looked up in the local Hugging Face cache, by
the environment variables huggingface_hub reads (HF_HUB_CACHE, HF_HOME, XDG_CACHE_HOME). The sim never
downloads: an id that is not cached is served from its own table of known configs (`known_models`), and
anything else fails as SGLang does when transformers cannot find the config. The checkpoint's size comes
from the safetensors index (or the shard files), as the weight loader would find it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from safelaunch.errors import SafelaunchError
from safelaunch.sim.hf_config import SimModel, read_config
from safelaunch.sim.known_models import known_config


def _checkpoint_bytes(directory: Path) -> int | None:
    try:
        index = json.loads((directory / "model.safetensors.index.json").read_text())
        total = (index.get("metadata") or {}).get("total_size")
        if total:
            return int(total)
    except (OSError, ValueError, AttributeError):
        pass
    total = 0
    for shard in directory.glob("*.safetensors"):
        try:
            total += shard.stat().st_size
        except OSError:
            continue
    return total or None


def _read_dir(directory: Path, model_id: str, source: str) -> SimModel:
    try:
        cfg = json.loads((directory / "config.json").read_text())
    except (OSError, ValueError) as exc:
        raise SafelaunchError(f"{directory}/config.json: {exc}") from None
    if not isinstance(cfg, dict):
        raise SafelaunchError(f"{directory}/config.json is not a JSON object")
    try:
        return read_config(cfg, model_id, _checkpoint_bytes(directory), source)
    except ValueError as exc:
        raise SafelaunchError(f"{directory}/config.json: {exc}") from None


def _hub_cache() -> Path:
    for name in ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE"):
        if os.environ.get(name):
            return Path(os.environ[name]).expanduser()
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]).expanduser() / "hub"
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base).expanduser() if base else Path.home() / ".cache") / "huggingface" / "hub"


def _cached_snapshot(model_id: str) -> Path | None:
    repo = _hub_cache() / ("models--" + model_id.replace("/", "--"))
    try:
        revision = (repo / "refs" / "main").read_text().strip()
    except OSError:
        revision = ""
    if revision and (repo / "snapshots" / revision / "config.json").is_file():
        return repo / "snapshots" / revision
    snapshots = sorted(
        (p for p in (repo / "snapshots").glob("*") if (p / "config.json").is_file()), key=lambda p: p.stat().st_mtime
    )
    return snapshots[-1] if snapshots else None


def load_model(model_path: str) -> SimModel:
    """`--model-path` -> SimModel; SafelaunchError (SGLang: transformers' OSError) when nothing describes it."""
    path = Path(model_path).expanduser()
    if path.is_dir():
        return _read_dir(path, model_path, "local")
    if model_path.count("/") == 1 and not model_path.startswith((".", "/", "~")):
        snapshot = _cached_snapshot(model_path)
        if snapshot is not None:
            return _read_dir(snapshot, model_path, "hf-cache")
    known = known_config(model_path)
    if known is not None:
        return read_config(known[0], model_path, known[1], "table")
    raise SafelaunchError(f"{model_path}: not a directory, not in the Hugging Face cache, not a known config")

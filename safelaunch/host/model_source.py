"""MODEL as named on a command line -> `ModelInfo`, from the files on this machine or the built-in catalogue.

Three sources, tried in this order, all offline (safelaunch never downloads):

1. a local directory with a `config.json` (the path passed as MODEL);
2. the local Hugging Face cache (`HF_HUB_CACHE`, else `HF_HOME/hub`, else `~/.cache/huggingface/hub`),
   `models--ORG--NAME/snapshots/REV/`, preferring the revision `refs/main` points at;
3. the built-in catalogue (`safelaunch.core.model_catalogue`), so that `plan` works for well-known models
   with no files at all.

A real config on disk wins over the catalogue because it describes the checkpoint that will actually load.
Parsing the config is the core's (`safelaunch.core.models.info_from_config`); finding and reading it is here.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from safelaunch.core.model_catalogue import from_catalogue
from safelaunch.core.models import ModelInfo, info_from_config
from safelaunch.errors import SafelaunchError


def checkpoint_bytes(directory: Path) -> int | None:
    """Size of the weights: the safetensors index's metadata.total_size, else the *.safetensors file sizes."""
    index = directory / "model.safetensors.index.json"
    if index.is_file():
        try:
            total = json.loads(index.read_text()).get("metadata", {}).get("total_size")
            if total:
                return int(total)
        except (OSError, ValueError):
            pass
    sizes = []
    for f in directory.glob("*.safetensors"):
        try:
            sizes.append(f.stat().st_size)  # stat() follows the HF cache's symlinks into blobs/
        except OSError:
            continue
    return sum(sizes) or None


def read_model_dir(directory: Path, model_id: str | None = None, source: str = "local") -> ModelInfo:
    cfg_path = directory / "config.json"
    try:
        cfg = json.loads(cfg_path.read_text())
    except FileNotFoundError:
        raise SafelaunchError(f"model directory {directory}: no config.json") from None
    except (OSError, ValueError) as exc:
        raise SafelaunchError(f"model directory {directory}: config.json is not readable JSON ({exc})") from None
    if not isinstance(cfg, dict):
        raise SafelaunchError(f"model directory {directory}: config.json is not a JSON object")
    return info_from_config(cfg, model_id or str(directory), checkpoint_bytes(directory), source, str(directory))


def hf_cache_dir() -> Path:
    """Where huggingface_hub keeps its cache, by the same environment variables it reads."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"]).expanduser()
    if os.environ.get("HUGGINGFACE_HUB_CACHE"):
        return Path(os.environ["HUGGINGFACE_HUB_CACHE"]).expanduser()
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]).expanduser() / "hub"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "huggingface" / "hub"


def hf_cache_snapshot(model_id: str, cache: Path | None = None) -> Path | None:
    """The cached snapshot of a repo with a config.json: refs/main's revision first, else the newest one."""
    if model_id.count("/") != 1:
        return None
    repo = (cache or hf_cache_dir()) / ("models--" + model_id.replace("/", "--"))
    snapshots = repo / "snapshots"
    if not snapshots.is_dir():
        return None
    main = repo / "refs" / "main"
    if main.is_file():
        rev = snapshots / main.read_text().strip()
        if (rev / "config.json").is_file():
            return rev
    candidates = [p for p in snapshots.iterdir() if (p / "config.json").is_file()]
    return max(candidates, key=lambda p: p.stat().st_mtime) if candidates else None


def resolve_model(model: str) -> ModelInfo:
    """A HF id or a local directory -> ModelInfo, offline; unknown models get an error suggesting a local path."""
    path = Path(model).expanduser()
    if path.is_dir():
        return read_model_dir(path, model_id=model, source="local")
    if os.sep in model and (model.startswith((".", "/", "~")) or path.exists()):
        raise SafelaunchError(f"model {model}: no such directory")
    snap = hf_cache_snapshot(model)
    if snap is not None:
        return read_model_dir(snap, model_id=model, source="hf-cache")
    info = from_catalogue(model)
    if info is not None:
        return info
    raise SafelaunchError(
        f"model {model}: not a local directory, not in the Hugging Face cache ({hf_cache_dir()}) and not in "
        "safelaunch's catalogue; pass the path of a local directory that holds its config.json "
        "(safelaunch never downloads)"
    )


__all__ = ["checkpoint_bytes", "hf_cache_dir", "hf_cache_snapshot", "read_model_dir", "resolve_model"]

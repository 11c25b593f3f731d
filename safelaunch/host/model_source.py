"""MODEL as named on a command line -> `ModelInfo`, from the files on this machine or the built-in catalogue.

Four sources, tried in this order:

1. a local directory with a `config.json` (the path passed as MODEL);
2. the local Hugging Face cache (`HF_HUB_CACHE`, else `HF_HOME/hub`, else `~/.cache/huggingface/hub`),
   `models--ORG--NAME/snapshots/REV/`, the revision asked for (`--revision`, default `refs/main`);
3. the Hugging Face Hub, through `huggingface_hub` with its token, endpoint, timeouts and offline switch: only
   `config.json` and `model.safetensors.index.json` (a few KB, into the same cache; never weights), and never
   when `HF_HUB_OFFLINE=1`;
4. the built-in catalogue (`safelaunch.core.model_catalogue`): a fallback for offline hosts, with a note saying
   why the Hub did not answer.

A real config wins over the catalogue because it describes the checkpoint that will actually load.
Parsing the config is the core's (`safelaunch.core.models.info_from_config`); finding and reading it is here.
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

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
    try:
        return info_from_config(cfg, model_id or str(directory), checkpoint_bytes(directory), source, str(directory))
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, ZeroDivisionError) as exc:
        raise SafelaunchError(
            f"model directory {directory}: config.json has a value of the wrong type ({exc})"
        ) from None


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


def hf_cache_snapshot(model_id: str, cache: Path | None = None, revision: str | None = None) -> Path | None:
    """The cached snapshot of a repo with a config.json: the revision's ref (refs/main by default) first, a
    snapshot named by a commit hash next, else (no revision asked) the newest one."""
    if model_id.count("/") != 1:
        return None
    repo = (cache or hf_cache_dir()) / ("models--" + model_id.replace("/", "--"))
    snapshots = repo / "snapshots"
    if not snapshots.is_dir():
        return None
    ref = repo / "refs" / (revision or "main")
    if ref.is_file():
        rev = snapshots / ref.read_text().strip()
        if (rev / "config.json").is_file():
            return rev
    if revision:
        named = snapshots / revision
        return named if (named / "config.json").is_file() else None
    candidates = [p for p in snapshots.iterdir() if (p / "config.json").is_file()]
    return max(candidates, key=lambda p: p.stat().st_mtime) if candidates else None


def _truthy(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def hub_offline() -> bool:
    """huggingface_hub's own switches: HF_HUB_OFFLINE (or TRANSFORMERS_OFFLINE) means never touch the network."""
    return _truthy("HF_HUB_OFFLINE") or _truthy("TRANSFORMERS_OFFLINE")


class HubMiss(Exception):
    """The Hub could not give a config.json; the text says why, in a few words, for the one-line error."""


def _hub_reason(exc: BaseException, model: str, revision: str | None, endpoint: str) -> str:
    """A huggingface_hub error -> a few words of why (never the token)."""
    from huggingface_hub import errors

    at = f" at revision {revision}" if revision else ""
    if isinstance(exc, errors.GatedRepoError):
        return f"gated on the Hub: accept its licence at {endpoint}/{model} and set HF_TOKEN (or run `hf auth login`)"
    if isinstance(exc, errors.RevisionNotFoundError):
        return f"the Hub has no revision {revision!r} of it (check --revision)"
    if isinstance(exc, errors.RepositoryNotFoundError):
        return f"not on the Hub ({endpoint}){at}, or private/gated: set HF_TOKEN for a gated model"
    if isinstance(exc, errors.LocalEntryNotFoundError):  # what the library raises after failing to connect
        return f"the Hub ({endpoint}) could not be reached"
    if isinstance(exc, errors.EntryNotFoundError):
        return f"the Hub repo has no config.json{at}"
    if isinstance(exc, (errors.OfflineModeIsEnabled,)):
        return "the Hub not asked (HF_HUB_OFFLINE=1)"
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return f"the Hub ({endpoint}) could not be reached ({text[:120]})"


def unreachable(endpoint: str, timeout: float) -> str | None:
    """Why the endpoint cannot be reached (DNS, refused, timeout), or None: one TCP connect, at most `timeout` s.

    huggingface_hub retries a failed connection five times with a growing backoff (about 25 s, with a warning
    line each time); on a host without network that is the wrong answer to wait for, so look first."""
    parts = urlsplit(endpoint)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        socket.create_connection((parts.hostname or "", port), timeout=timeout).close()
    except OSError as exc:
        return f"the Hub ({endpoint}) could not be reached: {exc.strerror or exc}"
    return None


def fetch_from_hub(model: str, revision: str | None = None) -> Path:
    """config.json (and the safetensors index, when the repo has one) from the Hub into the HF cache.

    Only these small files: never weights. huggingface_hub reads the token (HF_TOKEN or `hf auth login`), the
    endpoint (HF_ENDPOINT) and the timeouts (HF_HUB_ETAG_TIMEOUT, HF_HUB_DOWNLOAD_TIMEOUT) itself."""
    endpoint = os.environ.get("HF_ENDPOINT", "https://huggingface.co").rstrip("/")
    timeout = float(os.environ.get("HF_HUB_ETAG_TIMEOUT") or 10)
    why = unreachable(endpoint, timeout)
    if why:
        raise HubMiss(why)
    from huggingface_hub import errors, hf_hub_download
    from huggingface_hub.utils import logging as hf_logging

    hf_logging.set_verbosity_error()  # its retry warnings would break the one-line error
    common = {"revision": revision, "cache_dir": hf_cache_dir(), "endpoint": endpoint, "etag_timeout": timeout}
    try:
        config = Path(hf_hub_download(model, "config.json", **common))
    except Exception as exc:  # every failure of the library (HTTP, DNS, timeout, validation) is one line
        if isinstance(exc, errors.HFValidationError):
            raise HubMiss(f"{model!r} is not a Hub model id") from None
        raise HubMiss(_hub_reason(exc, model, revision, endpoint)) from None
    for extra in ("model.safetensors.index.json",):
        try:
            hf_hub_download(model, extra, **common)
        except Exception:
            pass  # a single-file checkpoint has no index; its size is then estimated from the config
    return config.parent


def _what_to_do(model: str, revision: str | None) -> str:
    rev = f" --revision {revision}" if revision else ""
    return (
        f"on a host with network run `hf download {model} config.json{rev}` (and copy the cache here), "
        "or pass a local directory that holds its config.json"
    )


def resolve_model(model: str, revision: str | None = None) -> ModelInfo:
    """A HF id or a local directory -> ModelInfo: a local directory, the HF cache, the Hub (config.json only,
    unless HF_HUB_OFFLINE), then the built-in catalogue. A failure is one line saying what was tried and what to do."""
    path = Path(model).expanduser()
    if path.is_dir():
        return read_model_dir(path, model_id=model, source="local")
    if os.sep in model and (model.startswith((".", "/", "~")) or path.exists()):
        raise SafelaunchError(f"model {model}: no such directory")
    try:
        snap = hf_cache_snapshot(model, revision=revision)
    except OSError as exc:  # e.g. HF_HOME is another user's private directory
        raise SafelaunchError(
            f"model {model}: cannot read the Hugging Face cache {hf_cache_dir()} ({exc.strerror or exc}); "
            "fix its permissions, point HF_HOME / HF_HUB_CACHE at a readable cache, or pass a local directory"
        ) from None
    if snap is not None:
        return replace(read_model_dir(snap, model_id=model, source="hf-cache"), revision=revision)
    if hub_offline():
        reason = "the Hub not asked (HF_HUB_OFFLINE=1)"
    elif model.count("/") != 1:
        reason = "not a Hub id (ORG/NAME)"
    else:
        try:
            fetched = fetch_from_hub(model, revision)
            return replace(read_model_dir(fetched, model_id=model, source="hub"), revision=revision)
        except HubMiss as miss:
            reason = str(miss)
    info = from_catalogue(model)
    if info is not None:
        note = f"figures from safelaunch's built-in catalogue ({reason})"
        return replace(info, estimate_notes=(*info.estimate_notes, note), revision=revision)
    raise SafelaunchError(
        f"model {model}: not a local directory, not in the Hugging Face cache ({hf_cache_dir()}), {reason}, "
        f"and not in safelaunch's catalogue (`safelaunch models`); {_what_to_do(model, revision)}"
    )


__all__ = [
    "checkpoint_bytes",
    "fetch_from_hub",
    "hf_cache_dir",
    "hf_cache_snapshot",
    "hub_offline",
    "read_model_dir",
    "resolve_model",
]

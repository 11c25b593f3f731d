"""The configured SGLang interpreter, asked in subprocesses: its version, its package directory, its verdict on an argv.

Nothing here imports sglang into safelaunch's own process (importing it pulls in torch): the version comes
from package metadata and the package directory from `importlib.util.find_spec`, each read by a short
subprocess of that interpreter. Validation, best first: SGLang's real parser built in a subprocess of that
interpreter (needs torch, no GPU); else SGLang's sources read with `ast` (`safelaunch.core.sglang_options`);
else "validation skipped".
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from safelaunch.core.sglang_options import check_argv, sglang_options

PYTHON_ENV = "SAFELAUNCH_SGLANG_PYTHON"
SOURCE_ENV = "SAFELAUNCH_SGLANG_SOURCE"


def sglang_python(explicit: str | None = None) -> str:
    """--python, else $SAFELAUNCH_SGLANG_PYTHON, else this interpreter."""
    return explicit or os.environ.get(PYTHON_ENV) or sys.executable


def _this_interpreter(python: str | None) -> bool:
    """The SGLang interpreter is the one running safelaunch: its metadata and import path can be read here, at no
    cost of a subprocess (neither reading imports sglang)."""
    try:
        return os.path.realpath(sglang_python(python)) == os.path.realpath(sys.executable)
    except OSError:
        return False


def _spec_here() -> Any:
    import importlib.util

    try:
        return importlib.util.find_spec("sglang")
    except (ImportError, ValueError):
        return None


def installed_sglang_version(python: str | None = None, timeout: float = 20.0) -> str | None:
    """The `sglang` distribution's version in that interpreter, from package metadata (sglang is not imported)."""
    if _this_interpreter(python):
        import importlib.metadata

        try:
            return importlib.metadata.version("sglang")
        except importlib.metadata.PackageNotFoundError:
            return None
    code = "import importlib.metadata as m\ntry:\n print(m.version('sglang'))\nexcept m.PackageNotFoundError:\n pass"
    try:
        out = subprocess.run(
            [sglang_python(python), "-c", code], capture_output=True, text=True, timeout=timeout, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    text = out.stdout.strip()
    return text.splitlines()[-1].strip() if out.returncode == 0 and text else None


def sglang_source_dir(python: str | None = None, timeout: float = 20.0) -> Path | None:
    """The installed `sglang` package directory ($SAFELAUNCH_SGLANG_SOURCE wins), found without importing it."""
    env_dir = os.environ.get(SOURCE_ENV)
    if env_dir:
        return _package_dir(Path(env_dir).expanduser())
    if _this_interpreter(python):
        spec = _spec_here()
        locations = list(spec.submodule_search_locations or []) if spec is not None else []
        return _package_dir(Path(locations[0])) if locations else None
    code = (
        "import importlib.util\ns = importlib.util.find_spec('sglang')\n"
        "print(list(s.submodule_search_locations)[0] if s and s.submodule_search_locations else '')"
    )
    try:
        out = subprocess.run(
            [sglang_python(python), "-c", code], capture_output=True, text=True, timeout=timeout, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    text = out.stdout.strip()
    return _package_dir(Path(text)) if out.returncode == 0 and text else None


def _package_dir(path: Path) -> Path | None:
    """Accept the sglang package dir itself or a directory holding it."""
    for cand in (path, path / "sglang", path / "python" / "sglang"):
        if (cand / "srt" / "server_args.py").is_file():
            return cand
    return None


@dataclass(frozen=True)
class Validation:
    method: str  # "parser" (SGLang's own argparse) | "ast" (its source read) | "skipped"
    errors: tuple[str, ...] = ()
    detail: str = ""
    version: str | None = None
    source: str | None = None  # the interpreter or directory the verdict came from
    warnings: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "ok": self.ok,
            "errors": list(self.errors),
            "detail": self.detail,
            "version": self.version,
            "source": self.source,
        }


_PARSER_SCRIPT = """
import sys
try:
    import argparse
    from sglang.srt.server_args import ServerArgs
except Exception as exc:
    sys.stderr.write("SAFELAUNCH-IMPORT-FAILED %s: %s\\n" % (type(exc).__name__, exc))
    sys.exit(3)
parser = argparse.ArgumentParser(prog="sglang serve")
ServerArgs.add_cli_args(parser)
parser.parse_args(sys.argv[1:])
"""


def _with_model(argv: Sequence[str]) -> list[str]:
    """SGLang's parser requires --model-path; a flag-only check supplies a placeholder."""
    args = list(argv)
    if not any(a in ("--model-path", "--model") or a.startswith(("--model-path=", "--model=")) for a in args):
        args = ["--model-path", "placeholder/model", *args]
    return args


def validate_argv(
    argv: Sequence[str],
    python: str | None = None,
    version: str | None = None,
    source_dir: str | os.PathLike[str] | None = None,
    timeout: float = 90.0,
    use_parser: bool = True,
) -> Validation:
    """Check an SGLang argv against the installed SGLang: its real parser, else its source, else skip."""
    py = sglang_python(python)
    args = _with_model(argv)
    if use_parser and source_dir is None and _this_interpreter(python) and _spec_here() is None:
        use_parser = False  # SGLang is not importable here: its parser cannot run, so no subprocess to ask it
    if use_parser and source_dir is None:
        try:
            out = subprocess.run(
                [py, "-c", _PARSER_SCRIPT, *args], capture_output=True, text=True, timeout=timeout, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            out = None
            detail = f"parser check did not run ({exc})"
        else:
            detail = ""
        if out is not None and out.returncode == 0:
            return Validation("parser", (), "SGLang's argument parser accepted the argv", version, py)
        if out is not None and out.returncode == 2:
            lines = [ln for ln in out.stderr.splitlines() if "error:" in ln]
            return Validation("parser", tuple(lines[-1:] or [out.stderr.strip()[-300:]]), "", version, py)
        if out is not None and "SAFELAUNCH-IMPORT-FAILED" not in out.stderr:
            detail = f"parser check exited {out.returncode}"
    else:
        detail = ""
    pkg = _package_dir(Path(source_dir)) if source_dir else sglang_source_dir(py)
    if pkg is not None:
        options = sglang_options(pkg)
        if options:
            errors = check_argv(args, options)
            return Validation(
                "ast",
                tuple(errors),
                f"checked against {len(options)} options read from {pkg}/srt (sglang not importable)",
                version,
                str(pkg),
            )
    why = detail or "SGLang is not installed for this interpreter"
    return Validation("skipped", (), f"validation skipped: {why} ({py})", version, None)


__all__ = [
    "PYTHON_ENV",
    "SOURCE_ENV",
    "Validation",
    "installed_sglang_version",
    "sglang_python",
    "sglang_source_dir",
    "validate_argv",
]

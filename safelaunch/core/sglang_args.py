"""SGLang's command line, spelled for the installed version, and checked against that version.

Recipes and plans speak one vocabulary (canonical flag names without `--`, see BRIEF); `render_argv` spells
them for one SGLang version (reference/sglang.md "Version drift"):

- `tp`/`dp`/`ep`/`pp` -> `--tp-size`/`--dp-size`/`--ep-size`/`--pp-size`: the docs' `--tp` only works as an
  argparse prefix, which a new flag starting with `--tp` would break.
- `cuda-graph-max-bs` -> `--cuda-graph-max-bs` before 0.5.15, `--cuda-graph-max-bs-decode` from 0.5.15 (the
  cookbook cells benchmarked on 0.5.15 use it; 0.5.18 keeps the old one as a deprecated alias; from 0.5.20
  the bare old flag is an "ambiguous option" error, exit 2).
- `disable-cuda-graph` -> `--cuda-graph-backend-decode disabled --cuda-graph-backend-prefill disabled` from
  0.5.18, where `--disable-cuda-graph` became deprecated.
- `enable-dp-attention` with `dp N` -> `--attn-dp-size N` from 0.5.20 (SGLang's own deprecation message).

An unknown version gets the newest spelling. The version is read from the configured interpreter's package
metadata in a subprocess, without importing sglang (importing it pulls in torch).

Validation, best first: SGLang's real parser built in a subprocess of that interpreter (needs torch, no
GPU); else SGLang's `server_args.py` (and, in new versions, `arg_groups/fields/*.py`) read with `ast`:
every flag must exist and every value with declared choices must be one of them, an unknown flag naming
the closest real one; else "validation skipped".
"""

from __future__ import annotations

import ast
import difflib
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from safelaunch.core.recipes import RetryPolicy, load_policy, version_tuple

PYTHON_ENV = "SAFELAUNCH_SGLANG_PYTHON"
SOURCE_ENV = "SAFELAUNCH_SGLANG_SOURCE"
NEWEST_KNOWN = (0, 5, 23)

# canonical name -> aliases recipes or users may write instead
_ALIASES = {
    "tp": ("tp-size", "tensor-parallel-size"),
    "dp": ("dp-size", "data-parallel-size"),
    "ep": ("ep-size", "expert-parallel-size"),
    "pp": ("pp-size", "pipeline-parallel-size"),
    "cuda-graph-max-bs": ("cuda-graph-max-bs-decode",),
    "model-path": ("model",),
}
_CANONICAL = {alias: canon for canon, aliases in _ALIASES.items() for alias in aliases}

# rendering order: the cookbook's (model path, parallelism, MoE, tuning knobs, host/port last)
_FIRST = ("trust-remote-code", "model-path", "tp", "dp", "ep", "pp", "enable-dp-attention", "attn-dp-size")
_LAST = ("host", "port")


def canonical(name: str) -> str:
    name = name.lstrip("-")
    return _CANONICAL.get(name, name)


def parse_version(version: str | None) -> tuple[int, ...] | None:
    """'0.5.10.post1' -> (0, 5, 10); None or unparsable -> None (treated as newest)."""
    return version_tuple(version)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        text = repr(value)
        return text if "e" not in text else f"{value:.6f}".rstrip("0").rstrip(".")
    return str(value)


def _order(names: Iterable[str]) -> list[str]:
    names = list(names)
    first = [n for n in _FIRST if n in names]
    moe = [n for n in names if n not in first and (n.startswith(("moe-", "deepep", "ep-")) or "expert" in n)]
    last = [n for n in _LAST if n in names]
    middle = [n for n in names if n not in first and n not in moe and n not in last]
    return first + moe + middle + last


def render_argv(flags: Mapping[str, Any], version: str | None) -> list[str]:
    """Canonical flags -> SGLang argv for `version` (None = newest), without interpreter or module."""
    v = parse_version(version) or NEWEST_KNOWN
    merged: dict[str, Any] = {}
    for name, value in flags.items():
        merged[canonical(name)] = value
    argv: list[str] = []
    attn_dp = v >= (0, 5, 20) and bool(merged.get("enable-dp-attention")) and merged.get("dp") not in (None, 1)
    for name in _order(merged):
        value = merged[name]
        if value is None or value is False:
            continue
        if name == "enable-dp-attention" and attn_dp:
            continue
        if name == "dp" and attn_dp:
            argv += ["--attn-dp-size", _fmt(value)]
            continue
        if name == "disable-cuda-graph":
            if v >= (0, 5, 18):
                argv += ["--cuda-graph-backend-decode", "disabled", "--cuda-graph-backend-prefill", "disabled"]
            else:
                argv.append("--disable-cuda-graph")
            continue
        if name in ("tp", "dp", "ep", "pp"):
            option = f"--{name}-size"
        elif name == "cuda-graph-max-bs":
            option = "--cuda-graph-max-bs" if v < (0, 5, 15) else "--cuda-graph-max-bs-decode"
        else:
            option = f"--{name}"
        if value is True:
            argv.append(option)
        else:
            argv += [option, _fmt(value)]
    return argv


# --------------------------------------------------------------------------- the configured interpreter


def sglang_python(explicit: str | None = None) -> str:
    """--python, else $SAFELAUNCH_SGLANG_PYTHON, else this interpreter."""
    return explicit or os.environ.get(PYTHON_ENV) or sys.executable


def installed_sglang_version(python: str | None = None, timeout: float = 20.0) -> str | None:
    """The `sglang` distribution's version in that interpreter, from package metadata (sglang is not imported)."""
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


# --------------------------------------------------------------------------- reading SGLang's options with ast


@dataclass(frozen=True)
class OptionSpec:
    takes_value: bool
    choices: tuple[str, ...] | None = None
    nargs: str | None = None
    deprecated: bool = False


def _const_strings(node: ast.AST, names: Mapping[str, list[str]]) -> list[str] | None:
    """A literal list/tuple/set of strings, a module constant, `list(...)`, `[*X, "y"]` or `X + [...]`."""
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        out: list[str] = []
        for elt in node.elts:
            if isinstance(elt, ast.Constant) and isinstance(elt.value, str):
                out.append(elt.value)
            elif isinstance(elt, ast.Starred):
                inner = _const_strings(elt.value, names)
                if inner is None:
                    return None
                out += inner
            else:
                return None
        return out
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("list", "tuple", "sorted"):
        return _const_strings(node.args[0], names) if node.args else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _const_strings(node.left, names), _const_strings(node.right, names)
        return left + right if left is not None and right is not None else None
    return None


def _module_constants(tree: ast.Module) -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values = _const_strings(node.value, names)
            if values is not None:
                names[node.targets[0].id] = values
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            values = _const_strings(node.value, names)
            if values is not None:
                names[node.target.id] = values
    return names


def _action_name(node: ast.AST | None) -> str | None:
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


_NO_VALUE_ACTIONS = {"store_true", "store_false", "store_const", "count", "help", "version"}


def _spec_from(
    action: str | None, nargs: Any, choices: list[str] | None, is_bool: bool = False
) -> tuple[OptionSpec, bool]:
    """An OptionSpec and whether argparse also adds the `--no-` form (BooleanOptionalAction)."""
    deprecated = bool(action and action.startswith("Deprecated"))
    takes = True
    if action in _NO_VALUE_ACTIONS or action == "DeprecatedStoreTrueAction" or action == "BooleanOptionalAction":
        takes = False
    elif action == "DeprecatedAction":
        takes = nargs not in (None, 0)
    elif is_bool and action is None:
        takes = False
    if nargs == 0:
        takes = False
    return (
        OptionSpec(takes, tuple(choices) if choices else None, nargs if isinstance(nargs, str) else None, deprecated),
        action == "BooleanOptionalAction",
    )


def _options_from_add_argument(tree: ast.Module, names: Mapping[str, list[str]]) -> dict[str, OptionSpec]:
    options: dict[str, OptionSpec] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr != "add_argument":
            continue
        strings = [
            a.value
            for a in node.args
            if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.startswith("-")
        ]
        if not strings:
            continue
        kw = {k.arg: k.value for k in node.keywords if k.arg}
        choices = _const_strings(kw["choices"], names) if "choices" in kw else None
        nargs_node = kw.get("nargs")
        nargs = nargs_node.value if isinstance(nargs_node, ast.Constant) else None
        spec, negatable = _spec_from(_action_name(kw.get("action")), nargs, choices)
        for s in strings:
            options[s] = spec
            if negatable and s.startswith("--"):
                options["--no-" + s[2:]] = spec
    return options


def _options_from_fields(tree: ast.Module, names: Mapping[str, list[str]]) -> dict[str, OptionSpec]:
    """Dataclass fields `name: A[type, "help" | Arg(...)] = default` -> `--name` (0.5.2x arg_groups/fields)."""
    options: dict[str, OptionSpec] = {}
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        for stmt in cls.body:
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                continue
            ann = stmt.annotation
            if not (isinstance(ann, ast.Subscript) and _action_name(ann.value) in ("A", "Annotated")):
                continue
            parts = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
            if len(parts) < 2:
                continue
            type_text = ast.unparse(parts[0])
            is_bool = type_text in ("bool", "Optional[bool]", "bool | None")
            meta = parts[1]
            kw: dict[str, ast.AST] = {}
            if isinstance(meta, ast.Call):
                kw = {k.arg: k.value for k in meta.keywords if k.arg}
            name = stmt.target.id
            if name.startswith("_"):
                continue
            cli = kw.get("cli_name")
            primary = cli.value if isinstance(cli, ast.Constant) else "--" + name.replace("_", "-")
            aliases = _const_strings(kw["aliases"], names) if "aliases" in kw else []
            choices = _const_strings(kw["choices"], names) if "choices" in kw else None
            nargs_node = kw.get("nargs")
            nargs = nargs_node.value if isinstance(nargs_node, ast.Constant) else None
            spec, negatable = _spec_from(_action_name(kw.get("action")), nargs, choices, is_bool=is_bool)
            for s in [primary, *(aliases or [])]:
                options[s] = spec
                if negatable:
                    options["--no-" + s[2:]] = spec
    return options


def sglang_options(package_dir: Path) -> dict[str, OptionSpec]:
    """Every option string SGLang's parser would accept, read with ast from its sources (no import)."""
    files = [package_dir / "srt" / "server_args.py"]
    fields_dir = package_dir / "srt" / "arg_groups" / "fields"
    if fields_dir.is_dir():
        files += sorted(fields_dir.glob("*.py"))
    options: dict[str, OptionSpec] = {}
    for f in files:
        try:
            tree = ast.parse(f.read_text(), filename=str(f))
        except (OSError, SyntaxError):
            continue
        names = _module_constants(tree)
        options.update(_options_from_add_argument(tree, names))
        options.update(_options_from_fields(tree, names))
    return options


def check_argv(argv: Sequence[str], options: Mapping[str, OptionSpec]) -> list[str]:
    """argparse's verdict on `argv`, reproduced from option specs: unknown, ambiguous, missing value, bad choice."""
    errors: list[str] = []
    longs = sorted(o for o in options if o.startswith("--"))
    i = 0
    while i < len(argv):
        token = argv[i]
        i += 1
        if not token.startswith("-") or token == "-":
            errors.append(f"unrecognized argument: {token}")
            continue
        opt, eq, inline = token.partition("=")
        spec = options.get(opt)
        if spec is None and opt.startswith("--"):
            prefixed = [o for o in longs if o.startswith(opt)]
            if len(prefixed) == 1:
                spec = options[prefixed[0]]
            elif len(prefixed) > 1:
                errors.append(f"ambiguous option: {opt} could match {', '.join(prefixed[:4])}")
                if not eq and i < len(argv) and not argv[i].startswith("--"):
                    i += 1
                continue
        if spec is None:
            close = difflib.get_close_matches(opt, longs, n=1, cutoff=0.75)
            hint = f" (did you mean {close[0]}?)" if close else ""
            errors.append(f"unknown flag {opt}{hint}")
            if not eq and i < len(argv) and not argv[i].startswith("--"):
                i += 1  # its value; argparse reports the pair as one unrecognized argument
            continue
        if not spec.takes_value:
            continue
        if spec.nargs in ("+", "*"):
            values = [inline] if eq else []
            while i < len(argv) and not argv[i].startswith("--"):
                values.append(argv[i])
                i += 1
            if spec.nargs == "+" and not values:
                errors.append(f"{opt}: expected at least one value")
        else:
            if eq:
                value = inline
            elif i < len(argv) and (spec.nargs == "?" or not argv[i].startswith("--")):
                value = argv[i]
                i += 1
            elif spec.nargs == "?":
                continue
            else:
                errors.append(f"{opt}: expected a value")
                continue
            values = [value]
        if spec.choices:
            for value in values:
                if value not in spec.choices:
                    close = difflib.get_close_matches(value, list(spec.choices), n=1, cutoff=0.5)
                    hint = f" (did you mean {close[0]}?)" if close else ""
                    errors.append(f"{opt}: invalid choice {value!r}{hint}; choose from {', '.join(spec.choices)}")
    return errors


# --------------------------------------------------------------------------- validation


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
    "NEWEST_KNOWN",
    "PYTHON_ENV",
    "SOURCE_ENV",
    "OptionSpec",
    "RetryPolicy",
    "Validation",
    "canonical",
    "check_argv",
    "installed_sglang_version",
    "load_policy",
    "parse_version",
    "render_argv",
    "sglang_options",
    "sglang_python",
    "sglang_source_dir",
    "validate_argv",
]


# Flags safelaunch itself sets and changes when it recovers: after `--` they would silently override every remedy.
MANAGED_FLAGS = (
    "model-path",
    "model",
    "tp-size",
    "tensor-parallel-size",
    "dp-size",
    "data-parallel-size",
    "mem-fraction-static",
    "cuda-graph-max-bs",
    "cuda-graph-max-bs-decode",
    "host",
    "port",
)


def managed_in_extra_args(extra_args: Sequence[str]) -> list[str]:
    """The extra SGLang arguments (after `--`) that name a flag safelaunch manages, in SGLang's prefix rules."""
    found = []
    for arg in extra_args:
        if not arg.startswith("--") or arg == "--":
            continue
        name = arg[2:].split("=", 1)[0]
        if name and any(m == name or m.startswith(name) for m in MANAGED_FLAGS) and name not in ("m", "mo"):
            found.append(arg.split("=", 1)[0])
    return found


def check_extra_args(extra_args: Sequence[str]) -> None:
    """Refuse extra arguments that would override what safelaunch plans and changes (one clear line)."""
    clash = managed_in_extra_args(extra_args)
    if clash:
        from safelaunch.errors import ConfigError

        raise ConfigError(
            f"{clash[0]} after `--` would override what safelaunch plans and changes when it recovers; pass it as "
            "safelaunch's own option (--tp, --mem-fraction-static, --host, --port; the model is the argument)"
        )

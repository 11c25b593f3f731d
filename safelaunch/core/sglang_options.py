"""SGLang's option table, read from its sources with `ast`, and argparse's verdict on an argv reproduced from it.

`sglang_options(package_dir)` reads `srt/server_args.py` (and, in new versions, `srt/arg_groups/fields/*.py`)
without importing SGLang (importing it pulls in torch): every option string, whether it takes a value, its
declared choices. `check_argv` then says what argparse would: every flag must exist (an unknown one names
the closest real one), prefixes must not be ambiguous, and every value with declared choices must be one of
them. This is the fallback validation `safelaunch.host.sglang_probe.validate_argv` uses when SGLang's own
parser cannot be built in a subprocess.
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


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


__all__ = ["OptionSpec", "check_argv", "sglang_options"]

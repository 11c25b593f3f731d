"""SGLang's command-line options as data, and an argparse parser rebuilt from that data.

The sim must accept and reject exactly what `sglang serve` accepts and rejects, including argparse's
prefix matching (`--tp 8` works because `--tp` is a unique prefix of `--tp-size`) and its ambiguity
errors. Argparse decides both from the option strings, their order, `nargs` and `choices`, so the sim
rebuilds a parser with the same actions in the same order from a table extracted from SGLang's own
`server_args.py` (`extract_option_table`, a developer tool run on the vendored source; the result is
committed as `safelaunch/data/sglang-<version>-options.json`; the source is vendored at
tests/fixtures/sglang-0.5.10.post1/sglang/srt/server_args.py). Newer versions are expressed as small,
documented edits of that table (`table_for_version`), because only the 0.5.10.post1 source is vendored.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from safelaunch.sim.option_types import (
    TYPES,
    DeprecatedAction,
    DeprecatedStoreTrueAction,
    DeprecationNotes,
    LoRAPathAction,
    human_readable_int,
    json_list_type,
    nullable_str,
)
from safelaunch.sim.versions import SglangVersion

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
BASE_VERSION = "0.5.10.post1"
BASE_TABLE = DATA_DIR / f"sglang-{BASE_VERSION}-options.json"
PROG = "sglang serve"

# The argparse action classes SGLang uses, by the name the table stores.
_BUILTIN_ACTIONS = {
    "_StoreAction": "store",
    "_StoreTrueAction": "store_true",
    "_StoreFalseAction": "store_false",
    "_StoreConstAction": "store_const",
    "_AppendAction": "append",
    "_CountAction": "count",
    "_HelpAction": "help",
    "_VersionAction": "version",
    "BooleanOptionalAction": "BooleanOptionalAction",
}


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class OptionSpec:
    """One argparse action of SGLang's parser, as plain data."""

    option_strings: tuple[str, ...]
    dest: str
    action: str  # "store", "store_true", ..., or an SGLang action class name
    nargs: Any = None
    const: Any = None
    default: Any = None
    type: str | None = None
    choices: tuple[Any, ...] | None = None
    required: bool = False
    metavar: Any = None
    help: str | None = None
    new_flag: str | None = None  # DeprecatedStoreTrueAction's replacement

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"option_strings": list(self.option_strings), "dest": self.dest, "action": self.action}
        for key in ("nargs", "const", "default", "type", "choices", "metavar", "help", "new_flag"):
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if isinstance(value, tuple) else value
        if self.required:
            out["required"] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OptionSpec:
        choices = data.get("choices")
        return cls(
            option_strings=tuple(data["option_strings"]),
            dest=data["dest"],
            action=data["action"],
            nargs=data.get("nargs"),
            const=data.get("const"),
            default=data.get("default"),
            type=data.get("type"),
            choices=tuple(choices) if choices is not None else None,
            required=bool(data.get("required", False)),
            metavar=data.get("metavar"),
            help=data.get("help"),
            new_flag=data.get("new_flag"),
        )


@cache
def base_table() -> tuple[OptionSpec, ...]:
    data = json.loads(BASE_TABLE.read_text())
    return tuple(OptionSpec.from_json(d) for d in data["options"])


def _replace_option(
    table: list[OptionSpec], old: str, new: Sequence[OptionSpec], *, keep_old: OptionSpec | None = None
) -> None:
    """Swap the action owning `old` for `new` (in its place, so argparse's order and usage stay SGLang's)."""
    for pos, spec in enumerate(table):
        if old in spec.option_strings:
            table[pos : pos + 1] = [*([keep_old] if keep_old else []), *new]
            return
    raise KeyError(old)


def table_for_version(version: SglangVersion) -> tuple[OptionSpec, ...]:
    """The option table of an SGLang version: 0.5.10.post1 exactly, later ones by the edits reference/ records.

    - 0.5.18 adds `--cuda-graph-max-bs-decode` and keeps `--cuda-graph-max-bs` as a deprecated alias.
    - 0.5.20+ drops `--cuda-graph-max-bs` (so it becomes an ambiguous prefix of the -decode/-prefill pair),
      adds the per-phase graph backends and `--attn-dp-size`, and deprecates `--disable-cuda-graph`.
    """
    table = list(base_table())
    if version < SglangVersion.parse("0.5.3"):  # --config (a YAML of options) arrived in 0.5.3
        table = [s for s in table if "--config" not in s.option_strings]
    if version < SglangVersion.parse("0.5.18"):
        return tuple(table)
    decode = OptionSpec(
        option_strings=("--cuda-graph-max-bs-decode",),
        dest="cuda_graph_max_bs_decode",
        action="store",
        type="int",
        help="Maximum batch size captured for the decode cuda graph.",
    )
    if version < SglangVersion.parse("0.5.20"):
        alias = OptionSpec(
            option_strings=("--cuda-graph-max-bs",),
            dest="cuda_graph_max_bs",
            action="store",
            type="int",
            help="Deprecated alias of --cuda-graph-max-bs-decode.",
        )
        _replace_option(table, "--cuda-graph-max-bs", [decode], keep_old=alias)
        return tuple(table)
    prefill = OptionSpec(
        option_strings=("--cuda-graph-max-bs-prefill",),
        dest="cuda_graph_max_bs_prefill",
        action="store",
        type="int",
        help="Maximum batch size captured for the prefill cuda graph.",
    )
    backends = ("full", "breakable", "disabled")
    extra = [
        OptionSpec(
            ("--cuda-graph-backend-decode",), "cuda_graph_backend_decode", "store", type="str", choices=backends
        ),
        OptionSpec(
            ("--cuda-graph-backend-prefill",), "cuda_graph_backend_prefill", "store", type="str", choices=backends
        ),
        OptionSpec(("--disable-prefill-cuda-graph",), "disable_prefill_cuda_graph", "store_true", default=False),
        OptionSpec(("--cuda-graph-config",), "cuda_graph_config", "store", type="str"),
    ]
    _replace_option(table, "--cuda-graph-max-bs", [decode, prefill, *extra])
    old_disable = next(s for s in table if "--disable-cuda-graph" in s.option_strings)
    deprecated = OptionSpec(
        option_strings=old_disable.option_strings,
        dest=old_disable.dest,
        action="DeprecatedStoreTrueAction",
        nargs=0,
        const=True,
        default=False,
        help="Deprecated. Use --cuda-graph-backend-{decode,prefill}=disabled instead.",
        new_flag="--cuda-graph-backend-decode=disabled",
    )
    _replace_option(table, "--disable-cuda-graph", [deprecated])
    attn_dp = OptionSpec(("--attn-dp-size",), "attn_dp_size", "store", type="int", default=1)
    _replace_option(table, "--dp-size", [attn_dp], keep_old=next(s for s in table if "--dp-size" in s.option_strings))
    return tuple(table)


# --------------------------------------------------------------------------- the parser


def build_parser(table: Iterable[OptionSpec], notes: DeprecationNotes | None = None) -> argparse.ArgumentParser:
    """An argparse parser with SGLang's actions in SGLang's order (the order decides usage text and prefixes)."""
    parser = argparse.ArgumentParser(prog=PROG)
    for spec in table:
        if spec.action == "help":
            continue  # argparse adds -h/--help itself, first, exactly as in SGLang's parser
        kwargs: dict[str, Any] = {"dest": spec.dest}
        if spec.help is not None:
            kwargs["help"] = spec.help.replace("%", "%%")
        if spec.action in ("store_true", "store_false"):
            kwargs["action"] = spec.action
            kwargs["default"] = spec.default
        elif spec.action == "store_const":
            kwargs.update(action="store_const", const=spec.const, default=spec.default)
        elif spec.action == "count":
            kwargs.update(action="count", default=spec.default)
        elif spec.action == "BooleanOptionalAction":
            kwargs.update(action=argparse.BooleanOptionalAction, default=spec.default)
        elif spec.action == "DeprecatedAction":
            kwargs.update(action=DeprecatedAction, notes=notes)
            if spec.nargs is not None:
                kwargs["nargs"] = spec.nargs
        elif spec.action == "DeprecatedStoreTrueAction":
            kwargs.update(action=DeprecatedStoreTrueAction, notes=notes, new_flag=spec.new_flag)
        else:
            if spec.action == "LoRAPathAction":
                kwargs["action"] = LoRAPathAction
            elif spec.action == "append":
                kwargs["action"] = "append"
            kwargs["default"] = spec.default
            if spec.nargs is not None:
                kwargs["nargs"] = spec.nargs
            if spec.const is not None:
                kwargs["const"] = spec.const
            if spec.type is not None:
                kwargs["type"] = TYPES[spec.type]
            if spec.choices is not None:
                kwargs["choices"] = list(spec.choices)
            if spec.metavar is not None:
                kwargs["metavar"] = tuple(spec.metavar) if isinstance(spec.metavar, list) else spec.metavar
        if spec.required:
            kwargs["required"] = True
        strings = spec.option_strings
        if spec.action == "BooleanOptionalAction":  # argparse derives the --no- spellings itself
            strings = tuple(s for s in strings if not s.startswith("--no-"))
        parser.add_argument(*strings, **kwargs)
    return parser


# --------------------------------------------------------------------------- extraction (developer tool)


class _Namespace(dict):
    """Globals for executing SGLang's `add_cli_args`: module constants, stubs for what it imports."""


def _class_attr_defaults(cls_node: ast.ClassDef, namespace: Mapping[str, Any]) -> dict[str, Any]:
    defaults: dict[str, Any] = {}
    for node in cls_node.body:
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None):
            continue
        expr = node.value
        if isinstance(expr, ast.Call) and ast.unparse(expr.func).endswith("field"):
            factory = next((k.value for k in expr.keywords if k.arg == "default_factory"), None)
            default = next((k.value for k in expr.keywords if k.arg == "default"), None)
            expr = ast.Call(func=factory, args=[], keywords=[]) if factory is not None else default
            if expr is None:
                defaults[node.target.id] = None
                continue
        try:
            defaults[node.target.id] = eval(compile(ast.Expression(expr), "<default>", "eval"), dict(namespace))
        except Exception:
            defaults[node.target.id] = None
    return defaults


def build_reference_parser(
    source: str, externals: Mapping[str, Sequence[str]] | None = None
) -> argparse.ArgumentParser:
    """Run SGLang's own `ServerArgs.add_cli_args` from its source text on a fresh parser.

    Only the parser-building code runs: module-level constants are evaluated, the few imported helpers
    (value converters, parser registries) are replaced by same-named stand-ins, and the choices that live
    in other SGLang modules come from `externals` (`tool_call_parser`, `reasoning_parser`).
    """
    externals = dict(externals or {})
    tree = ast.parse(source)
    ns = _Namespace(
        argparse=argparse,
        json=json,
        human_readable_int=human_readable_int,
        json_list_type=json_list_type,
        nullable_str=nullable_str,
        is_hip=lambda: False,
        LORA_TARGET_ALL_MODULES="all",
        SUPPORTED_LORA_TARGET_MODULES=[],
        FunctionCallParser=type(
            "FunctionCallParser", (), {"ToolCallParserEnum": dict.fromkeys(externals.get("tool_call_parser", ()))}
        ),
        ReasoningParser=type(
            "ReasoningParser", (), {"DetectorMap": dict.fromkeys(externals.get("reasoning_parser", ()))}
        ),
        logger=None,
    )
    ns["__builtins__"] = __builtins__
    server_args_cls: ast.ClassDef | None = None
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            try:
                exec(compile(ast.Module([node], []), "<server_args>", "exec"), ns)
            except Exception:
                pass
        elif isinstance(node, ast.ClassDef) and node.name == "ServerArgs":
            server_args_cls = node
        elif isinstance(node, ast.ClassDef) and node.name in (
            "DeprecatedAction",
            "DeprecatedStoreTrueAction",
            "LoRAPathAction",
        ):
            exec(compile(ast.Module([node], []), "<server_args>", "exec"), ns)
        elif isinstance(node, ast.FunctionDef) and node.name == "print_deprecated_warning":
            ns["print_deprecated_warning"] = lambda message: print(message, file=sys.stderr)
    if server_args_cls is None:
        raise ValueError("no ServerArgs class in this source")
    defaults = _class_attr_defaults(server_args_cls, ns)
    fn = next(n for n in server_args_cls.body if isinstance(n, ast.FunctionDef) and n.name == "add_cli_args")
    fn = copy.deepcopy(fn)
    fn.decorator_list = []  # @staticmethod: run it as a plain function
    ns["ServerArgs"] = type("ServerArgs", (), defaults)
    exec(compile(ast.fix_missing_locations(ast.Module([fn], [])), "<server_args>", "exec"), ns)
    parser = argparse.ArgumentParser(prog=PROG)
    ns["add_cli_args"](parser)
    return parser


def _jsonable(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_jsonable(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return repr(value)


def table_from_parser(parser: argparse.ArgumentParser) -> list[OptionSpec]:
    specs = []
    for action in parser._actions:
        kind = _BUILTIN_ACTIONS.get(type(action).__name__, type(action).__name__)
        type_name = getattr(action.type, "__name__", None) if action.type is not None else None
        choices = action.choices
        if isinstance(choices, (set, frozenset)):
            choices = sorted(choices)
        specs.append(
            OptionSpec(
                option_strings=tuple(action.option_strings),
                dest=action.dest,
                action=kind,
                nargs=action.nargs if kind not in ("store_true", "store_false", "help") else None,
                const=_jsonable(action.const) if kind not in ("store_true", "store_false") else None,
                default=_jsonable(action.default) if action.default is not argparse.SUPPRESS else None,
                type=type_name,
                choices=tuple(_jsonable(c) for c in choices) if choices is not None else None,
                required=bool(action.required),
                metavar=_jsonable(action.metavar),
                help=action.help if isinstance(action.help, str) else None,
                new_flag=getattr(action, "new_flag", None),
            )
        )
    return specs


def extract_option_table(source: str, externals: Mapping[str, Sequence[str]] | None = None) -> list[OptionSpec]:
    return table_from_parser(build_reference_parser(source, externals))


def write_table(source_path: Path, out_path: Path, externals: Mapping[str, Sequence[str]]) -> None:
    specs = extract_option_table(source_path.read_text(), externals)
    doc = {
        "source": f"sglang {BASE_VERSION} python/sglang/srt/server_args.py, ServerArgs.add_cli_args",
        "externals": {k: list(v) for k, v in externals.items()},
        "options": [s.to_json() for s in specs],
    }
    out_path.write_text(json.dumps(doc, indent=0, sort_keys=False) + "\n")


if __name__ == "__main__":  # python -m safelaunch.sim.options SERVER_ARGS_PY OUT_JSON EXTERNALS_JSON
    write_table(Path(sys.argv[1]), Path(sys.argv[2]), json.loads(Path(sys.argv[3]).read_text()))

"""The callables SGLang's parser references: its value converters and its custom argparse actions.

Converters are named like SGLang's own because argparse puts the function name into its error text
("argument --context-length: invalid human_readable_int value: 'x'"); the actions reproduce SGLang's
deprecation warnings (collected in `DeprecationNotes`, printed later in SGLang's log format) and its
`--lora-paths` parsing. options.py refers to them by the names its option table stores.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any


def human_readable_int(value: str) -> int:
    """SGLang's `human_readable_int`: 32k, 1Mi, 25.6k or a plain integer."""
    text = value.strip()
    si = {"k": 10**3, "M": 10**6, "G": 10**9, "T": 10**12}
    iec = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40}
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)", text)
    if match:
        number, suffix = match.groups()
        if suffix in iec:
            if "." in number:
                raise argparse.ArgumentTypeError(
                    f"Decimals are not allowed with IEC suffixes like '{suffix}'. "
                    f"Use an integer IEC value such as '{int(Decimal(number))}{suffix}', "
                    f"or an SI value such as '{number}{suffix[0]}'."
                )
            return int(number) * iec[suffix]
        return int(Decimal(number) * si[suffix])
    return int(text)


def json_list_type(value: str) -> Any:
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        raise argparse.ArgumentTypeError(f"Invalid JSON list: {value}. Please provide a valid JSON list.") from None


def nullable_str(value: str) -> str | None:
    return None if not value or value == "None" else value


def _loads(value: str) -> Any:
    return json.loads(value)


_loads.__name__ = "loads"  # argparse names the converter in its errors; SGLang passes json.loads

TYPES: dict[str, Callable[[str], Any]] = {
    "str": str,
    "int": int,
    "float": float,
    "loads": _loads,
    "human_readable_int": human_readable_int,
    "json_list_type": json_list_type,
    "nullable_str": nullable_str,
}


class DeprecationNotes:
    """Collects SGLang's deprecation warnings while parsing, to print them in SGLang's log format later."""

    def __init__(self) -> None:
        self.messages: list[str] = []


class DeprecatedAction(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str, nargs: Any = 0, **kwargs: Any) -> None:
        self.notes: DeprecationNotes | None = kwargs.pop("notes", None)
        super().__init__(option_strings, dest, nargs=nargs, **kwargs)

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: str | None = None) -> None:
        if self.notes is not None:
            self.notes.messages.append(
                f"The command line argument '{option_string}' is deprecated and will be removed in future versions."
            )


class DeprecatedStoreTrueAction(argparse.Action):
    def __init__(
        self,
        option_strings: Sequence[str],
        dest: str,
        new_flag: str | None = None,
        nargs: Any = 0,
        const: Any = True,
        default: Any = False,
        **kwargs: Any,
    ) -> None:
        self.notes: DeprecationNotes | None = kwargs.pop("notes", None)
        self.new_flag = new_flag
        super().__init__(option_strings, dest, nargs=nargs, const=const, default=default, **kwargs)

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: str | None = None) -> None:
        if self.notes is not None:
            replacement = f" Use '{self.new_flag}' instead." if self.new_flag else ""
            self.notes.messages.append(
                f"'{option_string}' is deprecated and will be removed in a future release.{replacement}"
            )
        setattr(namespace, self.dest, True)


class LoRAPathAction(argparse.Action):
    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: str | None = None) -> None:
        paths: list[Any] = []
        for raw in values or []:
            item = raw.strip()
            paths.append(json.loads(item) if item.startswith("{") and item.endswith("}") else item)
        setattr(namespace, self.dest, paths)

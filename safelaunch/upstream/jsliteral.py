"""A scanner for the one kind of JavaScript that SGLang's cookbook config files hold, keeping every byte's position.

The cookbook's authoring contract allows only `export const NAME = <literal>;` with plain literals (objects,
arrays, strings, numbers, booleans, null), comments and trailing commas. We parse exactly that, with the start
and end offset of every value, so that `--merge` can replace one cell's text and leave every other byte of an
upstream file as it was. Anything outside that language (a call, a spread, an identifier, `${}` in a template)
is an error naming its line, never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from safelaunch.errors import SafelaunchError


class JsLiteralError(SafelaunchError):
    """The file is not a plain-literal config module (one line: where and what)."""


@dataclass(frozen=True)
class Node:
    """A literal with its span `[start, end)` in the source; `items` for arrays, `entries` for objects."""

    kind: str  # object | array | string | template | number | bool | null
    start: int
    end: int
    value: Any = None  # scalars
    entries: tuple[tuple[str, Node], ...] = ()  # objects, in source order
    items: tuple[Node, ...] = ()  # arrays
    trailing_comma: int | None = None  # arrays/objects: offset just past a comma after the last element

    def get(self, key: str) -> Node | None:
        for k, v in self.entries:
            if k == key:
                return v
        return None

    def to_py(self) -> Any:
        if self.kind == "object":
            return {k: v.to_py() for k, v in self.entries}
        if self.kind == "array":
            return [v.to_py() for v in self.items]
        return self.value


@dataclass(frozen=True)
class Export:
    name: str
    value: Node
    start: int  # offset of `export`
    end: int  # offset just past the statement (after `;` when present)


_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_NUMBER = re.compile(r"0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?")
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _join(chars: list[str]) -> str:
    """Join decoded characters, pairing `\\uD83D\\uDE00`-style surrogate escapes into one character as JS does."""
    text = "".join(chars)
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    return text


class _Parser:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0

    # ----- errors and positions

    def line_of(self, pos: int) -> int:
        return self.s.count("\n", 0, pos) + 1

    def fail(self, what: str, pos: int | None = None) -> JsLiteralError:
        pos = self.i if pos is None else pos
        near = self.s[pos : pos + 24].split("\n")[0]
        return JsLiteralError(f"line {self.line_of(pos)}: {what} (near {near!r})")

    # ----- whitespace and comments

    def skip(self) -> None:
        s, n = self.s, len(self.s)
        while self.i < n:
            c = s[self.i]
            if c in " \t\r\n\ufeff\u00a0\u2028\u2029":
                self.i += 1
            elif s.startswith("//", self.i):
                j = s.find("\n", self.i)
                self.i = n if j < 0 else j + 1
            elif s.startswith("/*", self.i):
                j = s.find("*/", self.i + 2)
                if j < 0:
                    raise self.fail("unterminated /* comment")
                self.i = j + 2
            else:
                return

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def expect(self, ch: str) -> None:
        self.skip()
        if not self.s.startswith(ch, self.i):
            raise self.fail(f"expected {ch!r}")
        self.i += len(ch)

    def ident(self) -> str | None:
        m = _IDENT.match(self.s, self.i)
        if not m:
            return None
        self.i = m.end()
        return m.group(0)

    # ----- module level

    def module(self) -> list[Export]:
        exports: list[Export] = []
        while True:
            self.skip()
            if self.i >= len(self.s):
                return exports
            start = self.i
            if self.ident() != "export":
                raise self.fail("expected `export const NAME = <literal>`", start)
            self.skip()
            if self.ident() not in ("const", "let", "var"):
                raise self.fail("expected `const` after `export`")
            self.skip()
            name = self.ident()
            if not name:
                raise self.fail("expected a name after `export const`")
            self.expect("=")
            value = self.value()
            self.skip()
            if self.peek() == ";":
                self.i += 1
            exports.append(Export(name, value, start, self.i))

    # ----- values

    def value(self) -> Node:
        self.skip()
        c = self.peek()
        start = self.i
        if c == "{":
            return self.obj()
        if c == "[":
            return self.arr()
        if c in "\"'":
            text, end = self.string(c)
            return Node("string", start, end, text)
        if c == "`":
            text = self.template()
            return Node("template", start, self.i, text)
        if c == "-" or c == "+" or c == "." or c.isdigit():
            return self.number()
        word = self.ident()
        if word in ("true", "false"):
            return Node("bool", start, self.i, word == "true")
        if word in ("null", "undefined"):
            return Node("null", start, self.i, None)
        if word is not None:
            raise self.fail(f"`{word}` is not a plain literal (identifiers, calls and spreads are not allowed)", start)
        raise self.fail("expected a value")

    def number(self) -> Node:
        start = self.i
        sign = 1
        if self.peek() in "+-":
            sign = -1 if self.peek() == "-" else 1
            self.i += 1
            self.skip()
        m = _NUMBER.match(self.s, self.i)
        if not m or not m.group(0) or m.group(0) == ".":
            raise self.fail("expected a number", start)
        self.i = m.end()
        raw = m.group(0).replace("_", "")
        if raw[:2].lower() in ("0x", "0b", "0o"):
            num: int | float = int(raw, 0)
        elif any(ch in raw for ch in ".eE"):
            num = float(raw)
        else:
            num = int(raw)
        return Node("number", start, self.i, sign * num)

    def string(self, quote: str) -> tuple[str, int]:
        """Returns (decoded text, end offset)."""
        s, n = self.s, len(self.s)
        self.i += 1
        out: list[str] = []
        while True:
            if self.i >= n:
                raise self.fail("unterminated string")
            c = s[self.i]
            if c == quote:
                self.i += 1
                return _join(out), self.i
            if c == "\n":
                raise self.fail("newline inside a string")
            if c == "\\":
                out.append(self.escape())
                continue
            out.append(c)
            self.i += 1

    def escape(self) -> str:
        s = self.s
        nxt = s[self.i + 1 : self.i + 2]
        self.i += 2
        if nxt in _SIMPLE_ESCAPES:
            return _SIMPLE_ESCAPES[nxt]
        if nxt == "\r" and s.startswith("\n", self.i):  # line continuation, CRLF
            self.i += 1
            return ""
        if nxt in ("\n", "\u2028", "\u2029"):
            return ""
        if nxt == "x":
            code = s[self.i : self.i + 2]
            self.i += 2
            return chr(int(code, 16))
        if nxt == "u":
            if s.startswith("{", self.i):
                j = s.index("}", self.i)
                code = s[self.i + 1 : j]
                self.i = j + 1
            else:
                code = s[self.i : self.i + 4]
                self.i += 4
            return chr(int(code, 16))
        return nxt

    def template(self) -> str:
        s, n = self.s, len(self.s)
        self.i += 1
        out: list[str] = []
        while True:
            if self.i >= n:
                raise self.fail("unterminated template literal")
            c = s[self.i]
            if c == "`":
                self.i += 1
                return _join(out)
            if c == "$" and s.startswith("${", self.i):
                raise self.fail("`${...}` in a template literal is not a plain literal")
            if c == "\\":
                out.append(self.escape())
                continue
            if c == "\r":  # a template's raw CR and CRLF read as LF (ECMAScript)
                out.append("\n")
                self.i += 2 if s.startswith("\r\n", self.i) else 1
                continue
            out.append(c)
            self.i += 1

    def key(self) -> str:
        self.skip()
        c = self.peek()
        if c in "\"'":
            return self.string(c)[0]
        if c == "[":
            raise self.fail("computed keys are not plain literals")
        if c.isdigit():
            node = self.number()
            return str(node.value)
        word = self.ident()
        if word is None:
            raise self.fail("expected a property name")
        return word

    def obj(self) -> Node:
        start = self.i
        self.i += 1
        entries: list[tuple[str, Node]] = []
        trailing: int | None = None
        while True:
            self.skip()
            if self.peek() == "}":
                self.i += 1
                return Node("object", start, self.i, entries=tuple(entries), trailing_comma=trailing)
            if self.s.startswith("...", self.i):
                raise self.fail("spreads are not plain literals")
            k = self.key()
            self.skip()
            if self.peek() != ":":
                raise self.fail(f"expected ':' after {k!r} (shorthand properties are not plain literals)")
            self.i += 1
            entries.append((k, self.value()))
            self.skip()
            trailing = None
            if self.peek() == ",":
                self.i += 1
                trailing = self.i
            elif self.peek() != "}":
                raise self.fail("expected ',' or '}'")

    def arr(self) -> Node:
        start = self.i
        self.i += 1
        items: list[Node] = []
        trailing: int | None = None
        while True:
            self.skip()
            if self.peek() == "]":
                self.i += 1
                return Node("array", start, self.i, items=tuple(items), trailing_comma=trailing)
            if self.peek() == ",":
                raise self.fail("array holes are not allowed")
            if self.s.startswith("...", self.i):
                raise self.fail("spreads are not plain literals")
            items.append(self.value())
            self.skip()
            trailing = None
            if self.peek() == ",":
                self.i += 1
                trailing = self.i
            elif self.peek() != "]":
                raise self.fail("expected ',' or ']'")


def parse_module(text: str) -> list[Export]:
    """Every `export const NAME = <literal>` in a cookbook config file, with spans."""
    return _Parser(text).module()


def parse_value(text: str) -> Node:
    """One literal (used to read back what we render)."""
    p = _Parser(text)
    node = p.value()
    p.skip()
    if p.i != len(text):
        raise p.fail("unexpected text after the value")
    return node


def find_export(exports: list[Export], name: str) -> Export | None:
    return next((e for e in exports if e.name == name), None)

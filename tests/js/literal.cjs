// Reads a cookbook .jsx with a real JavaScript parser (acorn + acorn-jsx) and prints, as JSON, the value of
// every `export const NAME = <literal>` and the [start, end) spans (in code points) of the elements of
// `config.cells` / `benchmarks`. Exits 1 with the parser's message when the file is not valid JavaScript.
"use strict";
const fs = require("fs");
const acorn = require("acorn");
const jsx = require("acorn-jsx");

const src = fs.readFileSync(process.argv[2], "utf8");
let ast;
try {
  ast = acorn.Parser.extend(jsx()).parse(src, { ecmaVersion: "latest", sourceType: "module" });
} catch (err) {
  console.error(`parse error: ${err.message}`);
  process.exit(1);
}

const cp = (offset) => Array.from(src.slice(0, offset)).length; // UTF-16 offset -> code point offset

function value(node) {
  switch (node.type) {
    case "ObjectExpression": {
      const out = {};
      for (const p of node.properties) {
        if (p.type !== "Property" || p.computed || p.shorthand) throw new Error(`not a plain property at ${p.start}`);
        const key = p.key.type === "Identifier" ? p.key.name : String(p.key.value);
        out[key] = value(p.value);
      }
      return out;
    }
    case "ArrayExpression":
      return node.elements.map(value);
    case "Literal":
      return node.value;
    case "TemplateLiteral":
      if (node.expressions.length) throw new Error("template with expressions");
      return node.quasis.map((q) => q.value.cooked).join("");
    case "UnaryExpression":
      if (node.operator === "-") return -value(node.argument);
      throw new Error(`operator ${node.operator}`);
    default:
      throw new Error(`not a plain literal: ${node.type} at ${node.start}`);
  }
}

const exportsOut = {};
const spans = {};
for (const stmt of ast.body) {
  if (stmt.type !== "ExportNamedDeclaration") throw new Error(`unexpected ${stmt.type}`);
  for (const d of stmt.declaration.declarations) {
    const name = d.id.name;
    exportsOut[name] = value(d.init);
    let arr = null;
    if (name === "config") arr = d.init.properties.find((p) => p.key.name === "cells")?.value;
    if (name === "benchmarks") arr = d.init;
    if (arr) spans[name] = arr.elements.map((e) => [cp(e.start), cp(e.end)]);
  }
}
process.stdout.write(JSON.stringify({ exports: exportsOut, spans }));

"""Version-aware argv rendering and flag validation against SGLang's own sources (0.5.10.post1, vendored)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from safelaunch.core.recipes import load_catalogue
from safelaunch.core.sglang_args import parse_version, render_argv
from safelaunch.core.sglang_options import check_argv, sglang_options
from safelaunch.host.sglang_probe import validate_argv
from tests.conftest import FIXTURES

SGLANG_0510 = FIXTURES / "sglang-0.5.10.post1" / "sglang"


@pytest.fixture
def bare_python(tmp_path: Path) -> Path:
    """An interpreter that sees no site-packages, so no SGLang whatever the machine has installed."""
    py = tmp_path / "bare-python"
    py.write_text(f'#!/bin/sh\nexec {sys.executable} -I -S "$@"\n')
    py.chmod(0o755)
    return py


@pytest.fixture(scope="module")
def options_0510() -> dict:
    return sglang_options(SGLANG_0510)


def test_parse_version() -> None:
    assert parse_version("0.5.10.post1") == (0, 5, 10)
    assert parse_version("v0.5.23") == (0, 5, 23)
    assert parse_version("0.6") == (0, 6, 0)
    assert parse_version("nightly") is None and parse_version(None) is None


FLAGS = {
    "mem-fraction-static": 0.88,
    "tp": 8,
    "cuda-graph-max-bs": 128,
    "disable-cuda-graph": True,
    "trust-remote-code": True,
    "chunked-prefill-size": -1,
}


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        (
            "0.5.10.post1",
            ["--trust-remote-code", "--tp-size", "8", "--mem-fraction-static", "0.88", "--cuda-graph-max-bs", "128",
             "--disable-cuda-graph", "--chunked-prefill-size", "-1"],
        ),
        (
            "0.5.12",
            ["--trust-remote-code", "--tp-size", "8", "--mem-fraction-static", "0.88", "--cuda-graph-max-bs", "128",
             "--disable-cuda-graph", "--chunked-prefill-size", "-1"],
        ),
        (
            "0.5.18",
            ["--trust-remote-code", "--tp-size", "8", "--mem-fraction-static", "0.88", "--cuda-graph-max-bs-decode",
             "128", "--cuda-graph-backend-decode", "disabled", "--cuda-graph-backend-prefill", "disabled",
             "--chunked-prefill-size", "-1"],
        ),
        (
            None,
            ["--trust-remote-code", "--tp-size", "8", "--mem-fraction-static", "0.88", "--cuda-graph-max-bs-decode",
             "128", "--cuda-graph-backend-decode", "disabled", "--cuda-graph-backend-prefill", "disabled",
             "--chunked-prefill-size", "-1"],
        ),
    ],
)  # fmt: skip
def test_render_by_version(version: str | None, expected: list[str]) -> None:
    assert render_argv(FLAGS, version) == expected


def test_unknown_version_gets_the_newest_spelling() -> None:
    assert render_argv(FLAGS, "garbage") == render_argv(FLAGS, None) == render_argv(FLAGS, "0.5.23")


def test_dp_attention_spelling_and_aliases() -> None:
    flags = {"tp": 4, "dp": 4, "enable-dp-attention": True}
    assert render_argv(flags, "0.5.15") == ["--tp-size", "4", "--dp-size", "4", "--enable-dp-attention"]
    assert render_argv(flags, "0.5.20") == ["--tp-size", "4", "--attn-dp-size", "4"]
    # recipes may use SGLang's own spellings; they are normalised, then re-spelled for the version
    assert render_argv({"tp-size": 2, "cuda-graph-max-bs-decode": 64}, "0.5.10") == [
        "--tp-size", "2", "--cuda-graph-max-bs", "64",
    ]  # fmt: skip
    assert render_argv({"ep": 2, "moe-runner-backend": "triton", "port": 30001, "enable-metrics": True}, None) == [
        "--ep-size", "2", "--moe-runner-backend", "triton", "--enable-metrics", "--port", "30001",
    ]  # fmt: skip


def test_ast_reads_the_real_0510_parser(options_0510: dict) -> None:
    assert len(options_0510) > 300
    assert options_0510["--tp-size"].takes_value and options_0510["--tensor-parallel-size"].takes_value
    assert not options_0510["--disable-cuda-graph"].takes_value
    assert not options_0510["--trust-remote-code"].takes_value
    assert "fp8" in options_0510["--quantization"].choices  # a module-level constant list
    assert options_0510["--kv-cache-dtype"].choices == ("auto", "fp8_e5m2", "fp8_e4m3", "bf16", "bfloat16", "fp4_e2m1")
    assert "--cuda-graph-max-bs-decode" not in options_0510


def test_check_argv_like_argparse(options_0510: dict) -> None:
    ok = ["--model-path", "m", "--tp-size", "2", "--mem-fraction-static", "0.8", "--chunked-prefill-size", "-1"]
    assert check_argv(ok, options_0510) == []
    assert check_argv(["--model-path", "m", "--tp", "2"], options_0510) == []  # unique prefix, as argparse
    errors = check_argv(["--model-path", "m", "--mem-fractoin-static", "0.8"], options_0510)
    assert errors == ["unknown flag --mem-fractoin-static (did you mean --mem-fraction-static?)"]
    errors = check_argv(["--model-path", "m", "--quantization", "fp88"], options_0510)
    assert len(errors) == 1 and "invalid choice 'fp88' (did you mean fp8?)" in errors[0]
    assert check_argv(["--model-path", "m", "--quantization=fp8"], options_0510) == []
    errors = check_argv(["--model-path", "m", "--cuda-graph", "8"], options_0510)
    assert errors == ["ambiguous option: --cuda-graph could match --cuda-graph-bs, --cuda-graph-max-bs"]
    assert check_argv(["--model-path", "m", "--tp-size"], options_0510) == ["--tp-size: expected a value"]


def test_every_packaged_recipe_renders_valid_0510_flags_or_declares_a_newer_sglang(options_0510: dict) -> None:
    for r in load_catalogue().recipes:
        flags = {k: (2 if k == "tp" else 0.85) if v == "auto" else v for k, v in r.flags.items()}
        errors = check_argv(["--model-path", "m", *render_argv(flags, "0.5.10.post1")], options_0510)
        if r.min_sglang and parse_version(r.min_sglang) > (0, 5, 10):
            continue
        assert errors == [], (r.id, errors)


def test_fields_layout_of_newer_sglang(tmp_path: Path) -> None:
    """0.5.2x declares options as annotated dataclass fields in srt/arg_groups/fields/*.py (synthetic sample)."""
    pkg = tmp_path / "sglang"
    (pkg / "srt" / "arg_groups" / "fields").mkdir(parents=True)
    (pkg / "srt" / "server_args.py").write_text(
        'import argparse\ndef add(p):\n    p.add_argument("--disable-cuda-graph", action="store_true")\n'
    )
    (pkg / "srt" / "arg_groups" / "fields" / "exec_.py").write_text(
        textwrap.dedent(
            """
            import argparse, dataclasses
            from typing import Optional
            BACKENDS = ["full", "breakable", "disabled"]

            @dataclasses.dataclass
            class Exec:
                _NS_PATH = "exec"
                cuda_graph_max_bs_decode: A[Optional[int], "Maximum batch size captured for decode."] = None
                cuda_graph_backend_decode: A[str, Arg(help="backend", choices=BACKENDS)] = "full"
                cuda_graph_backend_prefill: A[str, Arg(help="backend", choices=BACKENDS)] = "breakable"
                tp_size: A[int, Arg(help="tp", aliases=["--tensor-parallel-size"])] = 1
                enable_thing: A[bool, "a switch"] = False
                fancy: A[Optional[bool], Arg(help="x", action=argparse.BooleanOptionalAction)] = None
                ep_join_rank_offset: A[int, Arg(help="y", cli_name="--elastic-ep-join-rank-offset")] = 0
            """
        )
    )
    opts = sglang_options(pkg)
    assert opts["--cuda-graph-backend-decode"].choices == ("full", "breakable", "disabled")
    assert opts["--tensor-parallel-size"].takes_value and not opts["--enable-thing"].takes_value
    assert "--no-fancy" in opts and "--elastic-ep-join-rank-offset" in opts and "--disable-cuda-graph" in opts
    argv = ["--model-path", "m", *render_argv({"tp": 2, "cuda-graph-max-bs": 64, "disable-cuda-graph": True}, None)]
    opts["--model-path"] = opts["--tp-size"]
    assert check_argv(argv, opts) == []
    assert check_argv(["--cuda-graph-backend-decode", "off"], opts)[0].startswith(
        "--cuda-graph-backend-decode: invalid"
    )


def test_validation_prefers_the_sources_and_otherwise_skips(monkeypatch: pytest.MonkeyPatch, bare_python: Path) -> None:
    monkeypatch.delenv("SAFELAUNCH_SGLANG_SOURCE", raising=False)
    v = validate_argv(["--tp-size", "2"], python=str(bare_python))
    assert v.method == "skipped" and v.ok and "validation skipped" in v.detail
    v = validate_argv(["--tp-size", "2", "--bogus"], python=str(bare_python), source_dir=SGLANG_0510.parent)
    assert v.method == "ast" and v.errors == ("unknown flag --bogus",)
    monkeypatch.setenv("SAFELAUNCH_SGLANG_SOURCE", str(SGLANG_0510))
    assert validate_argv(["--tp-size", "2"], python=str(bare_python)).method == "ast"

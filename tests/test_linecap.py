"""Memory stays bounded per log line: the supervisor's reading of SGLang's output and `classify` cap a line,
keeping its head and its tail and saying how much was cut. Measured in a fresh process (peak RSS: the
process's own VmHWM) on a 50 MB single line."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from safelaunch.core.linecap import MAX_LINE_BYTES, LineSplitter
from tests.conftest import ROOT, run_cli, subprocess_env

BIG = 50 * 1024 * 1024


def test_a_long_line_keeps_head_and_tail_and_says_it_was_cut() -> None:
    s = LineSplitter(limit=100, separators=b"\r\n")
    out = s.feed(b"ok\r\n" + b"H" * 60) + s.feed(b"x" * 1000) + s.feed(b"T" * 40 + b"END\nnext")
    assert out[0] == b"ok"
    line = out[1]
    assert line.startswith(b"H" * 50) and line.endswith(b"T" * 40 + b"END")
    assert b"[... safelaunch cut 1003 bytes of this line ...]" in line
    assert s.flush() == b"next" and s.flush() is None
    keep = LineSplitter(separators=b"\n", keep_empty=True)
    assert keep.feed(b"a\n\nb\rc\n") == [b"a", b"", b"b\rc"]  # tqdm's \r stays inside a file's line


def _peak_rss_mib(code: str) -> tuple[float, str]:
    """Run `code` in a fresh interpreter: (peak RSS in MiB, its stdout). Python's own allocations are traced too
    and must peak under 32 MiB, imports included (a 50 MB line would be more): that bound is exact, where RSS
    also carries the C allocator's arenas."""
    script = (
        "import tracemalloc\ntracemalloc.start()\n"
        + textwrap.dedent(code)
        + textwrap.dedent(
            """
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        assert peak < 32, f"Python objects peaked at {peak:.1f} MiB"
        # VmHWM: this process image's own peak. getrusage's ru_maxrss is not: Linux carries the high-water mark
        # across exec, so a child of a large pytest process reports the parent's RSS (289 MiB in a full run).
        hwm = next(ln for ln in open("/proc/self/status") if ln.startswith("VmHWM:"))
        print("RSS", int(hwm.split()[1]) / 1024)
        """
        )
    )
    env = subprocess_env(MALLOC_ARENA_MAX="2")  # one arena per thread would only add allocator noise to RSS
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    rss = float(r.stdout.split("RSS")[-1])
    return rss, r.stdout


def test_the_supervisor_reads_a_50mb_line_in_bounded_memory() -> None:
    """The engine prints one 50 MB line: EngineProcess hands on one capped line, and RSS stays near the baseline."""
    rss, out = _peak_rss_mib(
        f"""
        import sys
        from safelaunch.host.engine import EngineProcess
        writer = "import sys; w = sys.stdout.buffer; [w.write(b'x' * (1 << 20)) for _ in range({BIG >> 20})]; "
        writer += "w.write(b' Traceback tail\\\\nafter\\\\n'); w.flush()"
        proc = EngineProcess([sys.executable, "-c", writer]).start()
        lines = []
        while not proc.output_closed:
            line = proc.read(timeout=5)
            if line is not None:
                lines.append(line.text)
        proc.stop(grace=1)
        assert len(lines) == 2 and lines[1] == "after", [len(x) for x in lines]
        assert len(lines[0]) < {MAX_LINE_BYTES} + 100 and lines[0].endswith("Traceback tail")
        assert "safelaunch cut" in lines[0]
        """
    )
    assert rss < 120, out  # a whole 50 MB line (plus its decoded copy) would be well over 120 MiB


def test_classify_reads_a_50mb_single_line_in_bounded_memory(tmp_path: Path) -> None:
    log = tmp_path / "one-line.log"
    with log.open("wb") as fh:
        for _ in range(BIG >> 20):
            fh.write(b"y" * (1 << 20))
        fh.write(b"\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static.\n")
    rss, out = _peak_rss_mib(
        f"""
        import sys
        from safelaunch.cli.main import main
        sys.argv = ["safelaunch", "classify", {str(log)!r}]
        try:
            main()
        except SystemExit as exc:
            assert exc.code == 0, exc.code
        """
    )
    assert rss < 120, out
    assert "oom_kv_cache" in out  # the line after the long one is still read and classified
    r = run_cli("classify", str(log), "--json")
    assert r.returncode == 0 and "oom_kv_cache" in r.stdout

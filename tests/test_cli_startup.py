"""`safelaunch plan` starts light: it imports neither the other commands nor what only they use.

Not a timed test (benchmarks/plan_speed.py measures the time): the structure that keeps `plan` under 0.3 s is
asserted from the modules a real `plan` subprocess imports (`sys.modules` when it exits), so that an import moved
back to the top of a module fails here. And the lazily imported commands still all show in `--help`.
"""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import click

import safelaunch.cli
from safelaunch.cli.main import COMMANDS
from tests.conftest import ROOT, run_cli, subprocess_env

# What `plan` never uses: the logging stack (structlog, and rich through it), the HTTP client (httpx, and rich
# through its own CLI), the other commands' modules and the systemd / metrics / benchmark packages behind them.
NOT_FOR_PLAN = ("structlog", "rich", "httpx", "prometheus_client", "safelaunch.service", "safelaunch.upstream")
OTHER_COMMANDS = sorted({f"safelaunch.cli.{module}" for module, _ in COMMANDS.values()} - {"safelaunch.cli.plan"})


# The console script's own entry point, then every module the process holds at exit, one per line, into argv[1].
DRIVER = """import atexit, sys
atexit.register(lambda: open(sys.argv[1], "w").write("\\n".join(sorted(sys.modules))))
from safelaunch.cli import main
main(sys.argv[2:])
"""


def imported_by(*args: str, home: Path) -> set[str]:
    """Every module a `safelaunch ARGS` subprocess had imported when it exited."""
    out = home / "modules.txt"
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(out), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=subprocess_env(SAFELAUNCH_HOME=str(home)),
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("{"), done.stdout[:200]
    return set(out.read_text().split())


def test_plan_imports_neither_the_other_commands_nor_what_only_they_use(tmp_path: Path) -> None:
    names = imported_by("plan", "Qwen/Qwen3-8B", "--host-profile", "1xh200", "--json", home=tmp_path)
    # the reading is real: plan's own modules show
    assert {"safelaunch.cli.plan", "safelaunch.core.planner", "safelaunch.supervise.preview"} <= names
    heavy = sorted(n for n in names if n.split(".")[0] in NOT_FOR_PLAN or n.startswith(NOT_FOR_PLAN))
    assert not heavy, f"plan imports {heavy}"
    others = sorted(n for n in names if n in OTHER_COMMANDS)
    assert not others, f"plan imports the modules of other commands: {others}"


def test_logging_configured_before_structlog_is_loaded_still_applies() -> None:
    # The CLI configures logging before every command; structlog is imported on the first logger, later.
    import structlog

    from safelaunch import logsetup

    try:
        logsetup.configure("json", 0, stream=(out := _Buffer()))
        logsetup.get_logger("t").info("hello")
        assert out.text.startswith("{") and '"event": "hello"' in out.text
        logsetup.configure("console", 0, stream=(later := _Buffer()))  # structlog loaded now: applied at once
        logsetup.get_logger("t").info("again")
        assert "again" in later.text and not later.text.startswith("{")
    finally:
        structlog.reset_defaults()


class _Buffer:
    def __init__(self) -> None:
        self.text = ""

    def write(self, s: str) -> int:
        self.text += s
        return len(s)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def test_every_command_is_registered_under_its_own_name() -> None:
    found = {}
    for info in pkgutil.iter_modules(safelaunch.cli.__path__):
        module = importlib.import_module(f"safelaunch.cli.{info.name}")
        for attr, value in vars(module).items():
            if isinstance(value, click.Command) and not isinstance(value, click.Group):
                found[value.name] = (info.name, attr)
    assert found == COMMANDS


def test_help_lists_every_command_with_its_one_line_help() -> None:
    r = run_cli("--help")
    assert r.returncode == 0, r.stderr
    listed = r.stdout.split("Commands:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in listed if line.strip()] == sorted(COMMANDS)
    for name, (module, attr) in COMMANDS.items():
        command = getattr(importlib.import_module(f"safelaunch.cli.{module}"), attr)
        first_words = " ".join(command.get_short_help_str(limit=45).split()[:4]).removesuffix("...")
        line = next(line for line in listed if line.split()[:1] == [name])
        assert first_words in line, (name, line)

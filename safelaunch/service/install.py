"""`safelaunch install-service`: one systemd instance per model, configured by /etc/safelaunch/NAME.env.

Pure part: what to write where and which commands to run (`plan_install`, from the texts `unit_files`
renders). Imperative shell: look at the host (`survey`), write the files (`apply_writes`), run the commands
(`run_commands`). Secrets (an `--api-key` in the extra SGLang args) reach the env file only, never stdout or
the logs.
"""

from __future__ import annotations

import grp
import os
import pwd
import shlex
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from safelaunch import PACKAGE_DIR
from safelaunch.core.secret_args import split_secrets
from safelaunch.errors import SafelaunchError
from safelaunch.service.unit_files import (
    DEFAULT_EXEC,
    UNIT_TEMPLATE,
    ServiceConfig,
    env_file_mode,
    render_env,
    render_unit,
)

DEFAULT_UNIT_DIR = Path("/etc/systemd/system")
DEFAULT_ENV_DIR = Path("/etc/safelaunch")
SERVICE_USER = "safelaunch"
STATE_DIR = "/var/lib/safelaunch"

USERADD: tuple[str, ...] = (
    "useradd",
    "--system",
    "--user-group",
    "--home-dir",
    STATE_DIR,
    "--no-create-home",
    "--shell",
    "/usr/sbin/nologin",
    SERVICE_USER,
)


def packaged_unit_path() -> Path:
    """Installed wheels carry the unit in safelaunch/systemd/; a source checkout has it in systemd/."""
    here = PACKAGE_DIR
    for candidate in (here / "systemd" / UNIT_TEMPLATE, here.parent / "systemd" / UNIT_TEMPLATE):
        if candidate.is_file():
            return candidate
    raise SafelaunchError(f"the packaged {UNIT_TEMPLATE} is missing from this installation ({here})")


def installed_executable(argv0: str | None = None, python: str | None = None) -> str | None:
    """The `safelaunch` console script this process belongs to, so the unit starts the same installation."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    python = sys.executable if python is None else python
    candidates = []
    if argv0 and Path(argv0).name == "safelaunch":
        candidates.append(Path(argv0))
    if python:
        candidates.append(Path(python).parent / "safelaunch")
    found = shutil.which("safelaunch")
    if found:
        candidates.append(Path(found))
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return os.path.abspath(c)
    return None


# --------------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class FileWrite:
    path: Path
    content: str
    mode: int
    shown: str  # what may be printed (secrets redacted)
    action: str  # create | replace | unchanged | keep (an existing, different unit is left alone)


@dataclass(frozen=True)
class HostState:
    """What install-service looked at on this host; plain data so that the plan stays a pure function."""

    existing_env: str | None
    existing_unit: str | None
    user_exists: bool
    group_exists: bool
    can_write: bool
    is_root: bool
    exec_path: str | None
    unreadable_exec_dirs: tuple[str, ...] = ()


@dataclass(frozen=True)
class InstallPlan:
    writes: tuple[FileWrite, ...]
    user_commands: tuple[tuple[str, ...], ...]  # create the service user (printed; --enable runs USERADD first)
    commands: tuple[tuple[str, ...], ...]  # systemctl, after the files are in place
    notes: tuple[str, ...] = field(default=())


def plan_install(cfg: ServiceConfig, env_dir: Path, unit_dir: Path, template: str, host: HostState) -> InstallPlan:
    """Secret flags (`--api-key`, ...) go to NAME.<flag> files (0600, or 0640 with the service's group) that the
    env file names by SAFELAUNCH_<FLAG>_FILE: the env file itself, every argv and every process's environment
    stay free of them (the supervisor passes them to SGLang in a 0600 --config file)."""
    env_path = env_dir / f"{cfg.name}.env"
    key_files = cfg.secret_files(env_dir)
    env_text = render_env(cfg, secret_files=key_files)
    env_action = "create" if host.existing_env is None else "unchanged" if host.existing_env == env_text else "replace"
    writes = [
        FileWrite(
            env_path,
            env_text,
            env_file_mode(False, host.group_exists),
            render_env(cfg, redacted=True, secret_files=key_files),
            env_action,
        )
    ]
    secret_mode = env_file_mode(True, host.group_exists)
    for flag, value in split_secrets(cfg.extra_args).secrets.items():
        writes.append(FileWrite(key_files[flag], value + "\n", secret_mode, "***", "replace"))
    notes: list[str] = []
    unit_path = unit_dir / UNIT_TEMPLATE
    unit_text = render_unit(template, host.exec_path)
    if host.existing_unit is None:
        unit_action = "create"
    elif host.existing_unit == unit_text:
        unit_action = "unchanged"
    else:
        unit_action = "keep"
        notes.append(f"{unit_path} exists and differs from this version's unit; it was left as it is")
    writes.append(FileWrite(unit_path, unit_text, 0o644, unit_text, unit_action))
    if env_dir.resolve() != DEFAULT_ENV_DIR:
        notes.append(f"the unit reads {DEFAULT_ENV_DIR}/%i.env; {env_path} is used only if it ends up there")
    if host.exec_path is None:
        notes.append(f"no installed `safelaunch` script found; the unit runs {DEFAULT_EXEC}")
    for d in host.unreadable_exec_dirs:
        notes.append(f"the user {SERVICE_USER} cannot enter {d}; install safelaunch where it can (e.g. /opt)")

    user_commands: list[tuple[str, ...]] = []
    if not host.user_exists:
        user_commands.append(USERADD)
        for path in key_files.values():  # written 0600 before the group existed; let the service read it
            user_commands += [("chgrp", SERVICE_USER, str(path)), ("chmod", "0640", str(path))]
    commands: list[tuple[str, ...]] = [("systemctl", "daemon-reload")]
    if env_action == "replace":  # a running instance picks up the new file only when restarted
        commands.append(("systemctl", "try-restart", "--no-block", cfg.unit))
    commands.append(("systemctl", "enable", "--now", "--no-block", cfg.unit))
    return InstallPlan(tuple(writes), tuple(user_commands), tuple(commands), tuple(notes))


# --------------------------------------------------------------------------- the imperative shell


def _read(path: Path) -> str | None:
    try:
        return path.read_text()
    except FileNotFoundError:
        return None
    except OSError:
        return None


def _can_write_into(directory: Path) -> bool:
    """The nearest existing ancestor must be a directory we may create entries in."""
    d = directory
    while not d.exists():
        if d.parent == d:
            return False
        d = d.parent
    return d.is_dir() and os.access(d, os.W_OK | os.X_OK)


def _can_write_file(path: Path) -> bool:
    if path.exists():
        return path.is_file() and os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)
    return _can_write_into(path.parent)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def _group_id(name: str) -> int | None:
    try:
        return grp.getgrnam(name).gr_gid
    except KeyError:
        return None


def _closed_dirs(exec_path: str | None) -> tuple[str, ...]:
    """Directories above the script that others may not traverse (a venv under /root, say)."""
    if not exec_path:
        return ()
    closed = []
    for parent in Path(exec_path).parents:
        try:
            if not os.stat(parent).st_mode & stat.S_IXOTH:
                closed.append(str(parent))
        except OSError:
            continue
    return tuple(reversed(closed))[:1]


def survey(cfg: ServiceConfig, env_dir: Path, unit_dir: Path) -> HostState:
    env_path = env_dir / f"{cfg.name}.env"
    unit_path = unit_dir / UNIT_TEMPLATE
    exec_path = installed_executable()
    return HostState(
        existing_env=_read(env_path),
        existing_unit=_read(unit_path),
        user_exists=_user_exists(SERVICE_USER),
        group_exists=_group_id(SERVICE_USER) is not None,
        can_write=_can_write_file(env_path) and (unit_path.exists() or _can_write_file(unit_path)),
        is_root=os.geteuid() == 0,
        exec_path=exec_path,
        unreadable_exec_dirs=_closed_dirs(exec_path),
    )


def _write_atomic(path: Path, content: str, mode: int, gid: int | None) -> None:
    """Write beside the target and rename, so systemd never reads half a file; the mode is set before content."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        if gid is not None:
            os.fchown(fd, -1, gid)
        with os.fdopen(fd, "w") as f:
            f.write(content)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def apply_writes(plan: InstallPlan) -> list[FileWrite]:
    """Write what the plan says; an unchanged env file still gets its mode fixed (a secret may have been added)."""
    done = []
    gid = _group_id(SERVICE_USER) if os.geteuid() == 0 else None
    for w in plan.writes:
        if w.action in ("create", "replace"):
            try:
                _write_atomic(w.path, w.content, w.mode, gid if w.mode == 0o640 else None)
            except OSError as exc:
                raise SafelaunchError(f"cannot write {w.path}: {exc.strerror or exc}") from None
            done.append(w)
        elif w.action == "unchanged" and w.path.suffix == ".env":
            try:
                os.chmod(w.path, w.mode)
            except OSError:
                pass
    return done


def run_commands(commands: Sequence[Sequence[str]]) -> None:
    """Each command is an argv list; the first failure stops the rest with systemctl's own last line."""
    for argv in commands:
        try:
            proc = subprocess.run(list(argv), capture_output=True, text=True, timeout=120)
        except FileNotFoundError:
            raise SafelaunchError(f"`{argv[0]}` not found; is this a systemd host?") from None
        except subprocess.TimeoutExpired:
            raise SafelaunchError(f"`{shlex.join(argv)}` did not finish in 120 s") from None
        if proc.returncode != 0:
            last = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
            why = last[-1] if last else "no output"
            raise SafelaunchError(f"`{shlex.join(argv)}` failed (exit {proc.returncode}): {why}")


def command_text(argv: Sequence[str], is_root: bool) -> str:
    return ("" if is_root else "sudo ") + shlex.join(argv)

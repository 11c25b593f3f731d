"""Expected failures: the CLI turns each into one line on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations


class SafelaunchError(Exception):
    """An error the user can act on; `exit_code` is what the CLI exits with."""

    exit_code: int = 2

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class NoGpuError(SafelaunchError):
    """NVML is missing, the driver is not loaded, or it reports no GPU."""


class ConfigError(SafelaunchError):
    """A broken policy file, host profile, store or argument."""

"""structlog configuration: readable on a terminal, JSON lines elsewhere (journald, files, pipes)."""

from __future__ import annotations

import logging
import sys
from typing import Any

import structlog

from safelaunch.redact import redact_event


def configure(log_format: str = "auto", verbose: int = 0, stream: Any = None) -> None:
    """Logs go to stderr so that stdout stays clean for `--json` results."""
    stream = stream or sys.stderr
    level = logging.DEBUG if verbose > 0 else logging.INFO
    use_json = log_format == "json" or (log_format == "auto" and not stream.isatty())
    renderer: Any = (
        structlog.processors.JSONRenderer() if use_json else structlog.dev.ConsoleRenderer(colors=stream.isatty())
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            redact_event,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=structlog.PrintLoggerFactory(file=stream),
        cache_logger_on_first_use=False,
    )


def get_logger(name: str = "safelaunch") -> Any:
    return structlog.get_logger(name)

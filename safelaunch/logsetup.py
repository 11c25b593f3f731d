"""structlog configuration: readable on a terminal, JSON lines elsewhere (journald, files, pipes).

structlog (and rich, which its console renderer imports) is imported only once something asks for a logger:
the CLI configures logging before every command, and most commands (`plan`, `models`, `classify` ...) never
log, so they do not pay for it (docs/benchmarks.md, "plan's start-up time").
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from safelaunch.redact import redact_event

# (use_json, colours, level, stream) from the last configure() not yet handed to structlog.
_pending: tuple[bool, bool, int, Any] | None = None


def configure(log_format: str = "auto", verbose: int = 0, stream: Any = None) -> None:
    """Logs go to stderr so that stdout stays clean for `--json` results."""
    global _pending
    stream = stream or sys.stderr
    level = logging.DEBUG if verbose > 0 else logging.INFO
    use_json = log_format == "json" or (log_format == "auto" and not stream.isatty())
    _pending = (use_json, stream.isatty(), level, stream)
    if "structlog" in sys.modules:  # a logger may exist already: it must see this configuration at once
        _apply()


def _apply() -> None:
    global _pending
    if _pending is None:
        return
    import structlog

    use_json, colors, level, stream = _pending
    _pending = None
    renderer: Any = structlog.processors.JSONRenderer() if use_json else structlog.dev.ConsoleRenderer(colors=colors)
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
    import structlog

    _apply()
    return structlog.get_logger(name)

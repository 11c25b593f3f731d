"""Failure rules, port family: an address SGLang needs (HTTP, NCCL, the scheduler's ZMQ) is taken.

The only remedy is another port or stopping whoever holds it, so the label is fixed whatever the phase.
SGLang's own "port N is in use, trying another" is a warning, not this failure (see `benign`).
"""

from __future__ import annotations

import re

from .rule import TIER_CAUSE, Rule, searching

PORT = re.compile(
    r"[Aa]ddress already in use|EADDRINUSE|\[Errno 98\]|Port is already in use"
    r"|is not available in \d+ seconds|is used by a process already|[Pp]ort \d+ is (?:already )?(?:in use|unavailable)"
    # no free port left to move to (the diffusion runtime's `Failed to find available port after 100 attempts`)
    r"|(?:[Ff]ailed to|[Cc]ould not|[Cc]annot) find (?:an? )?(?:available|free) port"
    # SGLang's own bind helper (utils/network.py: every address family refused the port)
    r"|Could not bind port \d+"
    # gRPC's server (SGLang's grpc mode): `Failed to bind to address 0.0.0.0:30000; set GRPC_VERBOSITY=debug`
    r"|Failed to bind to address [\w.:\[\]-]+:\d+"
    # docker's daemon publishing the container's port: `Bind for 0.0.0.0:30000 failed: port is already allocated`
    r"|port is already allocated"
)

IN_USE = Rule("port.in_use", "port", TIER_CAUSE, searching(PORT))

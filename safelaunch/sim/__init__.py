"""A simulated SGLang engine: same flags, same log lines, same failures, same HTTP endpoints."""

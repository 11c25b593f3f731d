"""safelaunch: start SGLang on GPU hosts without the crash-and-retry-by-hand dance."""

__version__ = "0.1.0"

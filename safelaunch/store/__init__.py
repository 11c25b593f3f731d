"""The store: every attempt, verified config and benchmark, with what produced it.

SQLite (WAL) is the embedded default. It may import `core` dataclasses and the shared leaves only, so that any
shell package can record through it.
"""

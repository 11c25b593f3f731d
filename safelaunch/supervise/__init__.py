"""The supervisor: the attempt state machine and the serve / daemon orchestration around it.

`attempt` runs one launch as a small state machine (launching -> loading -> capturing -> warming -> probing
-> healthy | failed); `supervisor` decides the next attempt with `core.remedies` and records each with the
store; `serve` builds a plan and drives the supervisor (one-shot or daemon); `display` is the console view.
It may import `core`, `host`, `store` and the shared leaves; `upstream` only for `serve --bench`, never `cli`.
"""

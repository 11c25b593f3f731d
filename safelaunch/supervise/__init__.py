"""The supervisor: the attempt state machine and the serve / daemon orchestration around it.

`attempt` runs one launch as a small state machine (launching -> loading -> capturing -> warming -> probing
-> healthy | failed); `supervisor` decides the next attempt with `core.remedies` (fed by `priors`), records
each with the store and waits for the GPUs' release; `serve` builds a plan and drives one start, `daemon` keeps
serving after it; `listeners` speak sd_notify and Prometheus, `display` is the console view; `results` and
`ports` are the shared data and the port checks. It may import `core`, `host`, `store`, `service`, the shared
leaves and `sim.versions` (the sim's SGLang version); never `upstream` (`serve --bench` gets its load check
passed in) nor `cli`.
"""

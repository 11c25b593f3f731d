"""Upstream: what safelaunch measures and gives back to SGLang.

The benchmark runner (`bench`: SGLang's own bench_serving or `loadgen`), the load generator (`loadgen`, also
`python -m safelaunch.loadgen`), the exports (`export`: cookbook cells, YAML recipes, PR text) and the JS literal
scanner used by `export --merge` (`jsliteral`). It may import `core`, `host`, `store`, `supervise` and the shared
leaves, never `cli`.
"""

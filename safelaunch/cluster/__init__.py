"""Multi-node groups: one SGLang model over N nodes, launched and recovered as one group.

Every node runs safelaunch; they meet in the store, keyed by the group's id (`store.groups`). The leader (node
rank 0, `leader`) plans and decides each attempt from every node's outcome; the followers (`follower`) run exactly
that attempt and report how their part ended and when their GPUs are free; `node` holds what both share (the
heartbeat, liveness by beat counters, the engine's multi-node flags), `front` wires them into `serve`. The pure
part (where a node's place comes from, the cause of a group failure) is `core.group`. `k8s` writes a
LeaderWorkerSet manifest and `slurm` an sbatch script that run safelaunch on every node. It imports `supervise`,
`store`, `host` and `core`; nothing but `cli` imports it.
"""

"""The host: everything safelaunch learns from or does to this machine.

NVML (`nvml`), the engine process tree: spawn, stream, stop, wait for the GPU memory to be free (`engine`),
HTTP probes (`health`), the SGLang installation (`sglang_install`), model files on disk (`model_source`) and the
preflight (`doctor`). It may import `core` and the shared leaves, never `supervise`, `store`, `upstream`,
`service` or `cli`.
"""

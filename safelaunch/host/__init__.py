"""The host: everything safelaunch learns from or does to this machine.

Live NVML (`nvml`), and on a simulated host what its engine publishes in NVML's place (`simgpu`); the engine's
process tree: spawn, stream, stop, wait for the GPU memory to be free (`engine`); HTTP probes (`health`); the
SGLang installation and its interpreter, asked in subprocesses (`sglang_install`, `sglang_probe`); the model's
files on disk (`model_source`) and the plan for a model named on a command line (`planning`); the preflight
(`doctor`, `doctor_checks`, `doctor_moe`); SGLang's secrets, from the environment or a file to the 0600 --config
file of one start (`secret_config`). It may import `core` and the shared leaves, never `supervise`, `store`,
`upstream`, `service` or `cli`.
"""

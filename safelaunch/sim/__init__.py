"""A simulated SGLang engine: same flags, same log lines, same failures, same HTTP endpoints.

Dependencies run one way, from the entry point down to plain data and text:

- entry and processes: ``engine`` (prepare + main) -> ``launcher`` (the ``sglang serve`` process) ->
  ``rank`` (one scheduler per GPU, with ``capture`` for CUDA graphs) and ``server`` (HTTP); ``faults``
  injects failures; ``procs`` holds the shared process helpers.
- launch data: ``launch`` (the frozen ``Launch``), ``args``/``options``/``option_types`` (SGLang's argv),
  ``plan`` (what the start will allocate), ``sglang_defaults`` (SGLang's tiers and default fraction per
  version), ``versions``, ``dryrun`` (the outcome without processes), ``layout_checks`` (SGLang's layout
  asserts, where SGLang makes them).
- the model, the sim's own truth (nothing from the planner): ``model_files`` (directory, HF cache, or
  ``known_models``' config facts) -> ``hf_config`` (the reader) -> ``truth`` (weights, KV cell, activations,
  the declared error) -> ``figures`` (per-GPU figures at a layout).
- GPU memory: ``memory_base`` (the backend interface), ``memory`` (simulated), ``cuda_memory`` (PyTorch),
  ``backends`` (picks one by name).
- HTTP: ``server`` (shared state, generation) <- ``routes`` <- ``generation`` <- ``http_base``; ``documents``.
- text: ``logfmt`` (writing), ``templates`` (log lines), ``startup_errors``/``forward_errors``/
  ``launcher_errors`` (tracebacks, on ``frames``), ``torch_oom``, ``progress`` (tqdm bars).
"""

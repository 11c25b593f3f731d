"""The functional core: every decision safelaunch makes, as pure functions of small frozen dataclasses.

What lives here: the log classifier (`logwatch`), NVML inventories and host profiles to `Host` (`hardware`),
config.json to `ModelInfo` (`models`; per-family weights and caches in `model_families`, quantization formats in
`quant_formats`, the built-in `model_catalogue`), the memory estimate (`memory/`), the
recipe catalogue (`recipes/`), the plan (`planner`) and SGLang's layout rules it must obey (`layout_rules`), the
remedy policy (`remedies`, its dataclasses in `remedy_types`) and the memory ledger it computes with
(`ledger/`), SGLang's argv per version (`sglang_args`, `sglang_options`) with its secrets split out into a
--config YAML (`secret_args`), log lines of bounded length (`linecap`) and fused-MoE kernel-config names
(`kernel_configs`) and a multi-node group's place and failure cause (`group`). It may import the standard
library, its own modules and the shared leaves (`safelaunch.errors`, `safelaunch.redact`); it reads only files it
is handed or ships (policies, profiles, SGLang sources to parse), and never starts a process, opens a socket, reads
NVML or writes the store. tests/test_layout.py enforces it.
"""

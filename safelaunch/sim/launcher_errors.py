"""The launcher's own failure texts (not a scheduler's): a rank that died, a model not found, no warmup.

These come from the `sglang serve` process itself, before any rank starts or while it waits on them, and
do not depend on the version family, so they are plain functions.
"""

from __future__ import annotations

from safelaunch.sim.frames import SITE, Frame, traceback_text


def rank_died(rank: int, exitcode: int) -> str:
    return (
        f"Rank {rank} scheduler died during initialization (exit code: {exitcode}). "
        "If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
    )


def launch_died_traceback(rank: int, exitcode: int) -> str:
    """The uncaught RuntimeError the launcher raises when a scheduler process dies during start-up."""
    frames = [
        Frame("launch_server.py", 54, "<module>", "run_server(server_args)"),
        Frame("launch_server.py", 45, "run_server", "launch_server(server_args)"),
        Frame(
            "srt/entrypoints/http_server.py",
            2150,
            "launch_server",
            "tokenizer_manager, template_manager, scheduler_info, port_args = (",
        ),
        Frame("srt/entrypoints/engine.py", 702, "_launch_subprocesses", "scheduler_infos = _wait_for_scheduler_ready("),
        Frame(
            "srt/entrypoints/engine.py",
            1219,
            "_wait_for_scheduler_ready",
            "raise _scheduler_died_error(j, scheduler_procs[j])",
        ),
    ]
    return traceback_text(frames, f"RuntimeError: {rank_died(rank, exitcode)}")


def model_not_found_traceback(model: str) -> str:
    """transformers' OSError for a model that is not a local folder nor a Hub id it can reach."""
    frames = [
        Frame("launch_server.py", 51, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
        Frame("srt/server_args.py", 6543, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
        Frame(
            "srt/server_args.py",
            5975,
            "from_cli_args",
            "return cls(**{attr: getattr(args, attr) for attr in attrs})",
        ),
        Frame("<string>", 339, "__init__", "<unknown>"),
        Frame("srt/server_args.py", 752, "__post_init__", "self._handle_gpu_memory_settings(gpu_mem)"),
        Frame("srt/server_args.py", 1332, "_handle_gpu_memory_settings", "model_config = self.get_model_config()"),
        Frame(SITE + "transformers/utils/hub.py", 479, "cached_files", "raise OSError("),
    ]
    return traceback_text(
        frames,
        f"OSError: {model} is not a local folder and is not a valid model identifier listed on "
        "'https://huggingface.co/models'\nIf this is a private repository, make sure to pass a token having "
        "permission to this repo either by logging in with `hf auth login` or by passing `token=<your_token>`",
    )


def warmup_connection_error(host: str, port: int) -> str:
    frames = [
        Frame(SITE + "urllib3/connection.py", 204, "_new_conn", "sock = connection.create_connection("),
        Frame(SITE + "urllib3/util/connection.py", 85, "create_connection", "raise err"),
        Frame(SITE + "urllib3/util/connection.py", 73, "create_connection", "sock.connect(sa)"),
    ]
    return traceback_text(frames, "ConnectionRefusedError: [Errno 111] Connection refused") + (
        "\nThe above exception was the direct cause of the following exception:\n\n"
        + traceback_text(
            [
                Frame("srt/entrypoints/http_server.py", 1760, "_execute_server_warmup", "res = requests.get("),
                Frame(SITE + "requests/adapters.py", 700, "send", "raise ConnectionError(e, request=request)"),
            ],
            f"requests.exceptions.ConnectionError: HTTPConnectionPool(host='{host}', port={port}): Max retries "
            "exceeded with url: /model_info (Caused by NewConnectionError('<urllib3.connection.HTTPConnection "
            "object at 0x7f2c4c1e5a90>: Failed to establish a new connection: [Errno 111] Connection refused'))",
        )
    )

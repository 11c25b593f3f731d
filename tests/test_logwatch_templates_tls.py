"""Security and network front matter of SGLang servers (0.4.6.post5-0.5.10.post1), as it shows in the log (a helper, blind).

Scope: `--api-key` / `--admin-api-key` (0.5.2's refusal of an API key in multi-tokenizer mode; a warm-up request that
carries the key but is answered by a proxy instead of the server), `--ssl-keyfile` / `--ssl-certfile` /
`--ssl-ca-certs` / `--ssl-keyfile-password` (0.5.10.post1's argument checks, a release without them, uvicorn's
`load_cert_chain` on an encrypted key with no or a wrong password and on a key that does not match the certificate,
the warm-up's own certificate check of its self-signed or expired certificate), HTTP(S)_PROXY / NO_PROXY (the warm-up
request to `http://0.0.0.0:PORT` or to the pod's own DNS name routed through squid: 403, 407, 503, 502, a dead proxy,
a proxy that never answers, a CONNECT tunnel refused for the TLS server), the Hub behind a corporate TLS-inspecting
proxy (CERTIFICATE_VERIFY_FAILED self-signed certificate in chain, a REQUESTS_CA_BUNDLE that points nowhere, a 407 from
the proxy while the scheduler lists the repo), `--host` (an address not on this machine, all interfaces with the port
taken, `::` on a node without IPv6) and IPv6 in `--dist-init-addr` (bare, without brackets). Five healthy contrasts
that look alarming and go on serving: 401s to clients without the key behind a reverse proxy plus uvicorn's "Invalid
HTTP request received." from a TLS health check against the plain port, 401s on admin endpoints with
`--admin-api-key`, 0.5.10's "SSL is enabled but --ssl-ca-certs was not provided" warning with urllib3's
InsecureRequestWarning, `--enable-ssl-refresh` failing one reload (KEY_VALUES_MISMATCH) during a cert-manager rotation
and succeeding on the next, and huggingface_hub resuming a weight download after a proxy read timeout.

Sources: each SGLang message is copied from the named release's wheel (file:line under sglang/ of that release:
`entrypoints/http_server.py` `_execute_server_warmup` / `_wait_and_warmup` / `init_multi_tokenizer` /
`_setup_and_run_http_server`, `server_args.py` `_handle_ssl_validation` / `ssl_verify` / `url` / `PortArgs.init_new`,
`entrypoints/ssl_utils.py`, `utils/network.py` `NetworkAddress.parse`), or from the library that prints it (uvicorn
0.34.0 config.py / server.py / lifespan/on.py / supervisors/multiprocess.py / protocols/http/h11_impl.py; requests
2.32.3 adapters.py; urllib3 2.2.3; huggingface_hub 0.35.3 file_download.py / hf_file_system.py / utils/_http.py;
transformers 4.57.1 utils/hub.py; asyncio's bind error), or from the public thread cited (sglang#11949, #9155, #4935,
#16855, #9814). The requests/urllib3 exception chains and the OpenSSL / `ssl` messages were reproduced locally
(requests 2.32.3, urllib3 2.2.3, OpenSSL 3.0) against a throw-away TLS server and fake proxies, then re-pathed to the
release's image; CPython, starlette, fastapi and `_ssl.c` line numbers are approximate.

Labelling policy (decided before the classifier ran): none of the README's labels names the network or TLS set-up, so
every failure here whose remedy is to fix the deployment's configuration (a flag, a certificate or key file or its
password, proxy variables / NO_PROXY, a CA bundle, the host address, an address format) is `config_error`, including
the warm-up failures whose last line is an AssertionError about an HTTP status from a proxy, and the IPv6
`--dist-init-addr` rejection raised inside torch-distributed init (by rule 4 and its remedy: write the address in
brackets; nothing in NCCL / gloo failed). An HTTP port already taken is `port_in_use` whatever the host. 401 / 403
answers to clients after ready, certificate warnings and a failed hot reload that keeps the old certificate are
`healthy`.

First sight: 29/31 (2 misses, strict xfails below; healthy contrasts 5/5 end `healthy` and fire no failure event on the
way). Misses: `apikey_multi_tokenizer_worker_refuses_key` (config_error, got healthy: with `--tokenizer-worker-num > 1`
uvicorn's parent prints "Uvicorn running on ..." when it binds, before any worker runs its lifespan; each worker then
fails with `AssertionError: API key is not supported in multi-tokenizer mode` / "Application startup failed. Exiting."
and is respawned ("Child process [pid] died"), so the server never warms up); and
`ipv6_dist_init_addr_without_brackets_in_scheduler` (config_error, got nccl_or_distributed: 0.5.10's
`NetworkAddress.parse` raises "Bare IPv6 address without brackets is ambiguous ... Use [fd00:10::5]:5000 instead." from
`init_torch_distributed`, an argument error in distributed-init frames).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import TB, first_sight, ts

_ts = ts


class Template(NamedTuple):
    version: str
    source: str
    label: str
    why: str
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, why, log)


# ------------------------------------------------------------------------------------------------------ builders
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
LIB312 = "/usr/lib/python3.12"
RUNPY = (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages: `+requests/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def boot(
    *,
    arch: str = "Qwen2ForCausalLM",
    shards: int = 4,
    tokens: int = 1012345,
    ctx: int = 32768,
    old: bool = False,
    ranks: tuple[str, ...] = ("TP0",),
    t0: int = 0,
) -> list[str]:
    """A 0.5.x (or, `old`, 0.4.x) scheduler's start-up as far as the token budget line; uvicorn comes after it."""

    def ts(second: int, rank: str | None = None) -> str:
        return _ts(second + t0, rank)

    out = []
    for r in ranks:
        out.append(f"{ts(6, r)} Init torch distributed begin.")
    for r in ranks:
        out.append(f"{ts(7, r)} Init torch distributed ends. mem usage=0.00 GB")
    out.append(f"{ts(8, ranks[0])} Load weight begin. avail mem=78.68 GB")
    out.append(f"Loading safetensors checkpoint shards:   0% Completed | 0/{shards} [00:00<?, ?it/s]")
    out.append(f"Loading safetensors checkpoint shards: 100% Completed | {shards}/{shards} [00:04<00:00,  1.01it/s]")
    out.append(
        f"{ts(14, ranks[0])} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem=64.31 GB, mem usage=14.37 GB."
    )
    out.append(f"{ts(15, ranks[0])} KV Cache is allocated. #tokens: {tokens}, K size: 27.04 GB, V size: 27.04 GB")
    out.append(f"{ts(15, ranks[0])} Memory pool end. avail mem=9.85 GB")
    out.append(f"{ts(15, ranks[0])} Capture cuda graph begin. This can take up to several minutes. avail mem=9.76 GB")
    out.append(
        "Capturing batches (avail_mem=8.91 GB): 100%|██████████| 23/23 [00:06<00:00,  3.49it/s]"
        if old
        else "Capturing batches (bs=1 avail_mem=8.91 GB): 100%|██████████| 36/36 [00:06<00:00,  5.49it/s]"
    )
    out.append(
        f"{ts(22, ranks[0])} Capture cuda graph end. Time elapsed: 6.93 s. mem usage=0.87 GB. avail mem=8.89 GB."
    )
    tail = "" if old else ", available_gpu_mem=8.89 GB"
    out.append(
        f"{ts(22, ranks[0])} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len={ctx}{tail}"
    )
    return out


def uvicorn_up(second: int, url: str, pid: int = 41234) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on {url} (Press CTRL+C to quit)",
    ]


def warmed(second: int, info: str = "/model_info", peer: str = "127.0.0.1:46704") -> list[str]:
    return [
        f'{ts(second)} INFO:     {peer} - "GET {info} HTTP/1.1" 200 OK',
        f'{ts(second + 1)} INFO:     {peer} - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 1)} The server is fired up and ready to roll!",
    ]


def warmup_fail(second: int, body: str) -> str:
    """`_execute_server_warmup` gives up after 120 tries and logs the last traceback (then kills its process tree)."""
    return f"{ts(second)} Initialization failed. warmup error: {body}"


def get_model_info(site: str, line: int, path: str = "/model_info") -> tuple[str, int, str, str]:
    return (
        "entrypoints/http_server.py",
        line,
        "_execute_server_warmup",
        f'res = requests.get(url + "{path}", timeout=5, headers=headers)',
    )


REQ_CALL = (
    ("+requests/api.py", 73, "get", 'return request("get", url, params=params, **kwargs)'),
    ("+requests/api.py", 59, "request", "return session.request(method=method, url=url, **kwargs)"),
    ("+requests/sessions.py", 589, "request", "resp = self.send(prep, **send_kwargs)"),
    ("+requests/sessions.py", 703, "send", "r = adapter.send(request, **kwargs)"),
)
MAX_RETRY = (
    ("+requests/adapters.py", 667, "send", "resp = conn.urlopen("),
    ("+urllib3/connectionpool.py", 843, "urlopen", "retries = retries.increment("),
    (
        "+urllib3/util/retry.py",
        519,
        "increment",
        "raise MaxRetryError(_pool, url, reason) from reason  # type: ignore[arg-type]",
    ),
)
CAUSE = "\n\nThe above exception was the direct cause of the following exception:\n\n"
DURING = "\n\nDuring handling of the above exception, another exception occurred:\n\n"


def handshake_chain(site: str, reason: str, caller: tuple[str, int, str, str], host: str, port: int, path: str) -> str:
    """requests' SSLError from a failed certificate check, the whole chain as `traceback.format_exc()` prints it."""
    verr = f"[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: {reason} (_ssl.c:1010)"
    inner = repr(f"{verr}")
    msg = f"HTTPSConnectionPool(host='{host}', port={port}): Max retries exceeded with url: {path} (Caused by SSLError(SSLCertVerificationError(1, {inner})))"
    first = tb(
        site,
        ("+urllib3/connectionpool.py", 466, "_make_request", "self._validate_conn(conn)"),
        ("+urllib3/connectionpool.py", 1095, "_validate_conn", "conn.connect()"),
        ("+urllib3/connection.py", 730, "connect", "sock_and_verified = _ssl_wrap_socket_and_match_hostname("),
        ("+urllib3/connection.py", 909, "_ssl_wrap_socket_and_match_hostname", "ssl_sock = ssl_wrap_socket("),
        (
            "+urllib3/util/ssl_.py",
            469,
            "ssl_wrap_socket",
            "ssl_sock = _ssl_wrap_socket_impl(sock, context, tls_in_tls, server_hostname)",
        ),
        (
            "+urllib3/util/ssl_.py",
            513,
            "_ssl_wrap_socket_impl",
            "return ssl_context.wrap_socket(sock, server_hostname=server_hostname)",
        ),
        (f"{LIB312}/ssl.py", 455, "wrap_socket", "return self.sslsocket_class._create("),
        (f"{LIB312}/ssl.py", 1042, "_create", "self.do_handshake()"),
        (f"{LIB312}/ssl.py", 1320, "do_handshake", "self._sslobj.do_handshake()"),
    )
    second = tb(
        site,
        ("+urllib3/connectionpool.py", 789, "urlopen", "response = self._make_request("),
        ("+urllib3/connectionpool.py", 490, "_make_request", "raise new_e"),
    )
    return (
        f"{TB}\n{first}\nssl.SSLCertVerificationError: {verr}"
        + DURING
        + f"{TB}\n{second}\nurllib3.exceptions.SSLError: {verr}"
        + CAUSE
        + f"{TB}\n{tb(site, *MAX_RETRY)}\nurllib3.exceptions.MaxRetryError: {msg}"
        + DURING
        + f"{TB}\n{tb(site, caller, *REQ_CALL, ('+requests/adapters.py', 698, 'send', 'raise SSLError(e, request=request)'))}\n"
        + f"requests.exceptions.SSLError: {msg}"
    )


def proxy_refused_chain(site: str, caller: tuple[str, int, str, str], proxy: str, url: str, obj: str) -> str:
    """requests' ProxyError when HTTP_PROXY points at a proxy that refuses the connection."""
    phost, pport = proxy.split(":")
    nce = f"<urllib3.connection.HTTPConnection object at {obj}>: Failed to establish a new connection: [Errno 111] Connection refused"
    msg = f"HTTPConnectionPool(host='{phost}', port={pport}): Max retries exceeded with url: {url} (Caused by ProxyError('Unable to connect to proxy', NewConnectionError('{nce}')))"
    first = tb(
        site,
        ("+urllib3/connection.py", 199, "_new_conn", "sock = connection.create_connection("),
        ("+urllib3/util/connection.py", 85, "create_connection", "raise err"),
        ("+urllib3/util/connection.py", 73, "create_connection", "sock.connect(sa)"),
    )
    second = tb(
        site,
        ("+urllib3/connectionpool.py", 789, "urlopen", "response = self._make_request("),
        ("+urllib3/connectionpool.py", 495, "_make_request", "conn.request("),
        ("+urllib3/connection.py", 441, "request", "self.endheaders()"),
        (
            f"{LIB312}/http/client.py",
            1331,
            "endheaders",
            "self._send_output(message_body, encode_chunked=encode_chunked)",
        ),
        (f"{LIB312}/http/client.py", 1091, "_send_output", "self.send(msg)"),
        (f"{LIB312}/http/client.py", 1035, "send", "self.connect()"),
        ("+urllib3/connection.py", 279, "connect", "self.sock = self._new_conn()"),
        ("+urllib3/connection.py", 214, "_new_conn", "raise NewConnectionError("),
    )
    return (
        f"{TB}\n{first}\nConnectionRefusedError: [Errno 111] Connection refused"
        + CAUSE
        + f"{TB}\n{second}\nurllib3.exceptions.NewConnectionError: {nce}"
        + CAUSE
        + f"urllib3.exceptions.ProxyError: ('Unable to connect to proxy', NewConnectionError('{nce}'))"
        + CAUSE
        + f"{TB}\n{tb(site, *MAX_RETRY)}\nurllib3.exceptions.MaxRetryError: {msg}"
        + DURING
        + f"{TB}\n{tb(site, caller, *REQ_CALL, ('+requests/adapters.py', 694, 'send', 'raise ProxyError(e, request=request)'))}\n"
        + f"requests.exceptions.ProxyError: {msg}"
    )


def tunnel_chain(site: str, caller: tuple[str, int, str, str], host: str, port: int, path: str, status: str) -> str:
    """requests' ProxyError when the HTTPS proxy refuses the CONNECT tunnel."""
    cause = f"ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: {status}'))"
    msg = f"HTTPSConnectionPool(host='{host}', port={port}): Max retries exceeded with url: {path} (Caused by {cause})"
    first = tb(
        site,
        ("+urllib3/connectionpool.py", 775, "urlopen", "self._prepare_proxy(conn)"),
        ("+urllib3/connectionpool.py", 1044, "_prepare_proxy", "conn.connect()"),
        ("+urllib3/connection.py", 710, "connect", "self._tunnel()"),
        (
            f"{LIB312}/http/client.py",
            979,
            "_tunnel",
            'raise OSError(f"Tunnel connection failed: {code} {message.strip()}")',
        ),
    )
    return (
        f"{TB}\n{first}\nOSError: Tunnel connection failed: {status}"
        + CAUSE
        + f"urllib3.exceptions.ProxyError: ('Unable to connect to proxy', OSError('Tunnel connection failed: {status}'))"
        + CAUSE
        + f"{TB}\n{tb(site, *MAX_RETRY)}\nurllib3.exceptions.MaxRetryError: {msg}"
        + DURING
        + f"{TB}\n{tb(site, caller, *REQ_CALL, ('+requests/adapters.py', 694, 'send', 'raise ProxyError(e, request=request)'))}\n"
        + f"requests.exceptions.ProxyError: {msg}"
    )


def assertion(site: str, line: int, status: int, text: str) -> str:
    return (
        f"{TB}\n"
        + tb(
            site,
            (
                "entrypoints/http_server.py",
                line,
                "_execute_server_warmup",
                'assert res.status_code == 200, f"{res=}, {res.text=}"',
            ),
        )
        + f"\nAssertionError: res=<Response [{status}]>, res.text={text!r}"
    )


# the launcher raising in `prepare_server_args` (0.5.10.post1): a bare traceback on stderr
ARGS_0510 = RUNPY + (
    (f"{PY312}/sglang/launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 331, "__init__", ""),
    ("server_args.py", 755, "__post_init__", "self._handle_ssl_validation()"),
)
LAUNCH_WARNING_0510 = (
    f"{PY312}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.\n"
    "  Example: sglang serve --model-path <model> [options]\n"
    "  warnings.warn("
)
# the main process running uvicorn (0.5.10.post1, one tokenizer): uvicorn's Config.load builds the SSL context
UVICORN_SSL_0510 = RUNPY + (
    (f"{PY312}/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
    (f"{PY312}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 2172, "launch_server", "_setup_and_run_http_server("),
    ("entrypoints/http_server.py", 2082, "_setup_and_run_http_server", "uvicorn.run("),
    ("+uvicorn/main.py", 579, "run", "server.run()"),
    ("+uvicorn/server.py", 66, "run", "return asyncio.run(self.serve(sockets=sockets))"),
    (f"{LIB312}/asyncio/runners.py", 194, "run", "return runner.run(main)"),
    (f"{LIB312}/asyncio/runners.py", 118, "run", "return self._loop.run_until_complete(task)"),
    ("uvloop/loop.pyx", 1518, "uvloop.loop.Loop.run_until_complete", ""),
    ("+uvicorn/server.py", 70, "serve", "await self._serve(sockets)"),
    ("+uvicorn/server.py", 77, "_serve", "config.load()"),
    ("+uvicorn/config.py", 401, "load", "self.ssl: ssl.SSLContext | None = create_ssl_context("),
    ("+uvicorn/config.py", 114, "create_ssl_context", "ctx.load_cert_chain(certfile, keyfile, get_password)"),
)
# transformers fetching config.json from the Hub inside `prepare_server_args` (0.5.4 and 0.5.6 line numbers)
HUB_CONFIG_TAIL = (
    (
        "+transformers/models/auto/configuration_auto.py",
        1332,
        "from_pretrained",
        "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
    ),
    (
        "+transformers/configuration_utils.py",
        662,
        "get_config_dict",
        "config_dict, kwargs = cls._get_config_dict(pretrained_model_name_or_path, **kwargs)",
    ),
    ("+transformers/configuration_utils.py", 721, "_get_config_dict", "resolved_config_file = cached_file("),
    (
        "+transformers/utils/hub.py",
        322,
        "cached_file",
        "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
    ),
    ("+transformers/utils/hub.py", 567, "cached_files", "raise e"),
    ("+transformers/utils/hub.py", 479, "cached_files", "hf_hub_download("),
    ("+huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
    ("+huggingface_hub/file_download.py", 1010, "hf_hub_download", "return _hf_hub_download_to_cache_dir("),
    (
        "+huggingface_hub/file_download.py",
        1073,
        "_hf_hub_download_to_cache_dir",
        "(url_to_download, etag, commit_hash, expected_size, xet_file_data, head_call_error) = _get_metadata_or_catch_error(",
    ),
    ("+huggingface_hub/file_download.py", 1546, "_get_metadata_or_catch_error", "metadata = get_hf_file_metadata("),
    ("+huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
    ("+huggingface_hub/file_download.py", 1463, "get_hf_file_metadata", "r = _request_wrapper("),
    ("+huggingface_hub/file_download.py", 286, "_request_wrapper", "response = _request_wrapper("),
    (
        "+huggingface_hub/file_download.py",
        309,
        "_request_wrapper",
        "response = http_backoff(method=method, url=url, **params)",
    ),
    (
        "+huggingface_hub/utils/_http.py",
        308,
        "http_backoff",
        "response = session.request(method=method, url=url, **kwargs)",
    ),
    ("+requests/sessions.py", 589, "request", "resp = self.send(prep, **send_kwargs)"),
    ("+requests/sessions.py", 703, "send", "r = adapter.send(request, **kwargs)"),
    ("+huggingface_hub/utils/_http.py", 95, "send", "return super().send(request, *args, **kwargs)"),
)


def hub_config_stack(site: str, *, v056: bool) -> tuple:
    lines = (24, 4371, 3924, 620, 937, 3934, 219) if v056 else (11, 3678, 3328, 551, 877, 3338, 197)
    launch, prep, cli, post, adj, gethf, getcfg = lines
    return (
        RUNPY
        + (
            (f"{site}/sglang/launch_server.py", launch, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", prep, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", cli, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 281, "__init__", ""),
            ("server_args.py", post, "__post_init__", "self._handle_model_specific_adjustments()"),
            ("server_args.py", adj, "_handle_model_specific_adjustments", "hf_config = self.get_hf_config()"),
            ("server_args.py", gethf, "get_hf_config", "hf_config = get_config("),
            ("utils/hf_transformers_utils.py", getcfg, "get_config", "config = AutoConfig.from_pretrained("),
        )
        + HUB_CONFIG_TAIL
    )


SQUID_DENIED = '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">\n<html><head>\n<meta type="copyright" content="Copyright (C) 1996-2020 The Squid Software Foundation and contributors">\n<meta http-equiv="Content-Type" CONTENT="text/html; charset=utf-8">\n<title>ERROR: The requested URL could not be retrieved</title>\n'

# ======================================================================================== --api-key / --admin-api-key
# starlette passes the lifespan's traceback to uvicorn, which logs it as the startup-failed message
_LIFESPAN_0502 = (
    f"{TB}\n"
    + tb(
        PY312,
        ("+starlette/routing.py", 694, "lifespan", "async with self.lifespan_context(app) as maybe_state:"),
        (f"{LIB312}/contextlib.py", 210, "__aenter__", "return await anext(self.gen)"),
        ("+fastapi/routing.py", 134, "merged_lifespan", "async with original_context(app) as maybe_original_state:"),
        (f"{LIB312}/contextlib.py", 210, "__aenter__", "return await anext(self.gen)"),
        (
            "entrypoints/http_server.py",
            187,
            "lifespan",
            "fast_api_app.server_args: ServerArgs = await init_multi_tokenizer()",
        ),
        ("entrypoints/http_server.py", 152, "init_multi_tokenizer", "assert ("),
    )
    + "\nAssertionError: API key is not supported in multi-tokenizer mode\n"
)
case(
    "apikey_multi_tokenizer_worker_refuses_key",
    "0.5.2",
    "sglang 0.5.2 entrypoints/http_server.py:152 (init_multi_tokenizer's assert), :187 (lifespan); uvicorn 0.34.0 lifespan/on.py:59,121, supervisors/multiprocess.py:176",
    "config_error",
    "--api-key with --tokenizer-worker-num 4: every uvicorn worker's lifespan asserts 'API key is not supported in multi-tokenizer mode' and uvicorn keeps respawning them; a flag combination this release refuses",
    join(
        sargs(
            2,
            "meta-llama/Llama-3.1-8B-Instruct",
            host="0.0.0.0",
            port=30000,
            tp_size=1,
            api_key="sk-llm-prod",
            tokenizer_worker_num=4,
        ),
        boot(arch="LlamaForCausalLM", ctx=131072),
        f"{ts(23)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f"{ts(23)} INFO:     Started parent process [41200]",
        f"{ts(25)} INFO:     Started server process [41377]",
        f"{ts(25)} INFO:     Waiting for application startup.",
        f"{ts(25)} INFO:     current worker_id: 41377, main processID: 41200",
        f"{ts(25)} ERROR:    {_LIFESPAN_0502}",
        f"{ts(25)} ERROR:    Application startup failed. Exiting.",
        f"{ts(26)} INFO:     Child process [41377] died",
        f"{ts(27)} INFO:     Started server process [41502]",
        f"{ts(27)} INFO:     Waiting for application startup.",
        f"{ts(27)} INFO:     current worker_id: 41502, main processID: 41200",
        f"{ts(27)} ERROR:    {_LIFESPAN_0502}",
        f"{ts(27)} ERROR:    Application startup failed. Exiting.",
        f"{ts(28)} INFO:     Child process [41502] died",
    ),
)

case(
    "apikey_warmup_403_from_proxy_html",
    "0.5.4",
    "https://github.com/sgl-project/sglang/issues/11949 (the reporter's own lines); sglang 0.5.4 entrypoints/http_server.py:1446-1457",
    "config_error",
    "--api-key is set and sent, but http_proxy in the environment routes the warm-up to a proxy that answers 403 with its own HTML page; the remedy is NO_PROXY for the server's own address (the word 'api-key' is a red herring)",
    join(
        sargs(
            0,
            "./UnifiedReward-7b-v1.5/",
            host="127.0.0.1",
            port=9316,
            api_key="flowgrpo",
            chat_template="chatml-llava",
            mem_fraction_static=0.3,
        ),
        boot(arch="LlavaQwenForCausalLM", tokens=154231),
        [
            f"{ts(23)} INFO:     Started server process [1547892]",
            f"{ts(23)} INFO:     Waiting for application startup.",
            f"{ts(23)} Using default chat sampling params from model generation config: {{'repetition_penalty': 1.05, 'temperature': 0.7, 'top_k': 20, 'top_p': 0.8}}",
            f"{ts(23)} INFO:     Application startup complete.",
            f"{ts(23)} INFO:     Uvicorn running on http://127.0.0.1:9316 (Press CTRL+C to quit)",
        ],
        warmup_fail(
            144,
            assertion(
                "/home/donkey/.local/lib/python3.11/site-packages",
                1447,
                403,
                '<html>\n<head><title>403 Forbidden</title></head>\n<body>\n<div style="text-align: center;"><h1>403 Forbidden</h1></div>\n</body>\n</html>',
            ),
        ),
    ),
)

case(
    "apikey_warmup_407_proxy_auth_required",
    "0.5.8",
    "sglang 0.5.8 entrypoints/http_server.py:1499-1516 (the Bearer header, then the assert on /model_info); server_args.py:4753 url() (http://0.0.0.0:PORT); squid's ERR_CACHE_ACCESS_DENIED page",
    "config_error",
    "the warm-up carries the API key but http_proxy sends it to an authenticating corporate proxy, which answers 407 Proxy Authentication Required; fix the proxy variables (NO_PROXY), not the key",
    join(
        sargs(0, "Qwen/Qwen3-32B", host="0.0.0.0", port=30000, tp_size=4, api_key="sk-internal-0f3a"),
        boot(arch="Qwen3ForCausalLM", ranks=("TP0", "TP1", "TP2", "TP3"), ctx=40960),
        uvicorn_up(23, "http://0.0.0.0:30000"),
        warmup_fail(
            144,
            assertion(
                PY312,
                1508,
                407,
                SQUID_DENIED.replace("The requested URL could not be retrieved", "Cache Access Denied")
                + '</head><body id="ERR_CACHE_ACCESS_DENIED">\n<div id="titles">\n<h1>ERROR</h1>\n<h2>Cache Access Denied.</h2>\n</div>\n<hr>\n<div id="content">\n<p>The following error was encountered while trying to retrieve the URL: <a href="http://0.0.0.0:30000/model_info">http://0.0.0.0:30000/model_info</a></p>\n<blockquote id="error">\n<p><b>Cache Access Denied.</b></p>\n</blockquote>\n<p>Sorry, you are not currently allowed to request http://0.0.0.0:30000/model_info from this cache until you have authenticated yourself.</p>\n',
            ),
        ),
        "Killed",
    ),
)

case(
    "healthy_apikey_401s_behind_reverse_proxy",
    "0.5.4",
    "sglang 0.5.4 utils/common.py:1129-1140 (add_api_key_middleware: 401 {'error': 'Unauthorized'}), entrypoints/http_server.py:1438-1447 (the warm-up sends the key); uvicorn 0.34.0 protocols/http/h11_impl.py:179",
    "healthy",
    "served behind nginx with --api-key: clients without the key get 401 and a load balancer's TLS health check against the plain port logs 'Invalid HTTP request received.', while keyed requests are served",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", host="0.0.0.0", port=30000, api_key="sk-team-7c1d"),
        boot(),
        uvicorn_up(23, "http://0.0.0.0:30000"),
        warmed(24, info="/get_model_info"),
        f'{ts(31)} INFO:     172.18.0.2:40122 - "GET /v1/models HTTP/1.1" 401 Unauthorized',
        f'{ts(31)} INFO:     172.18.0.2:40124 - "POST /v1/chat/completions HTTP/1.1" 401 Unauthorized',
        f"{ts(33)} WARNING:  Invalid HTTP request received.",
        f"{ts(35)} WARNING:  Invalid HTTP request received.",
        f'{ts(36)} INFO:     172.18.0.2:40130 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(36, 'TP0')} Prefill batch [3], #new-seq: 1, #new-token: 812, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(37, 'TP0')} Decode batch [40], #running-req: 1, #token: 845, token usage: 0.00, cuda graph: True, gen throughput (token/s): 98.12, #queue-req: 0, ",
        f'{ts(40)} INFO:     172.18.0.2:40122 - "POST /v1/completions HTTP/1.1" 401 Unauthorized',
        f'{ts(41)} INFO:     172.18.0.2:40140 - "GET /health HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_admin_key_401_on_admin_endpoints",
    "0.5.10.post1",
    "sglang 0.5.10.post1 utils/auth.py decide_request_auth (ADMIN_OPTIONAL with both keys: only admin_api_key), entrypoints/http_server.py:718-737,846 (flush_cache, clear_hicache_storage_backend, start_profile are ADMIN_OPTIONAL), :554 (get_model_info deprecation)",
    "healthy",
    "--api-key and --admin-api-key: a client using the ordinary key gets 401 on /flush_cache and /start_profile while the admin key and ordinary requests are served; nothing failed",
    join(
        LAUNCH_WARNING_0510,
        sargs(0, "Qwen/Qwen3-8B", host="0.0.0.0", port=30000, api_key="sk-user", admin_api_key="sk-admin"),
        boot(arch="Qwen3ForCausalLM", ctx=40960),
        uvicorn_up(23, "http://0.0.0.0:30000"),
        warmed(24),
        f'{ts(40)} INFO:     10.8.0.14:51230 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(40, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 233, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{ts(52)} INFO:     10.8.0.14:51244 - "POST /flush_cache HTTP/1.1" 401 Unauthorized',
        f'{ts(53)} INFO:     10.8.0.14:51244 - "POST /start_profile HTTP/1.1" 401 Unauthorized',
        f"{ts(55)} Endpoint '/get_model_info' is deprecated and will be removed in a future version. Please use '/model_info' instead.",
        f'{ts(55)} INFO:     10.8.0.14:51250 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{ts(60)} INFO:     10.8.0.9:60012 - "POST /flush_cache HTTP/1.1" 200 OK',
        f"{ts(60, 'TP0')} Cache flushed successfully!",
        f"{ts(61, 'TP0')} Decode batch, #running-req: 3, #token: 4120, token usage: 0.00, cuda graph: True, gen throughput (token/s): 301.55, #queue-req: 0, ",
    ),
)

# ============================================================================================ --ssl-* (0.5.10.post1)
case(
    "ssl_keyfile_without_certfile",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:883-886 (_handle_ssl_validation), :755 (__post_init__)",
    "config_error",
    "--ssl-keyfile given without --ssl-certfile: ServerArgs refuses it before anything loads",
    join(
        LAUNCH_WARNING_0510,
        f"{TB}\n"
        + tb(PY312, *ARGS_0510, ("server_args.py", 884, "_handle_ssl_validation", "raise ValueError("))
        + "\nValueError: --ssl-keyfile requires --ssl-certfile to be specified as well.",
    ),
)

case(
    "ssl_certfile_not_found_secret_not_mounted",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:906-910 (_handle_ssl_validation: 'Validate files exist early to avoid late failures after model loading')",
    "config_error",
    "the Kubernetes TLS secret is not mounted, so the certificate path does not exist; an argument error at start-up",
    join(
        LAUNCH_WARNING_0510,
        f"{TB}\n"
        + tb(PY312, *ARGS_0510, ("server_args.py", 907, "_handle_ssl_validation", "raise ValueError("))
        + "\nValueError: SSL certificate file not found: '/etc/sglang/tls/tls.crt'. Please check the --ssl-certfile path.",
    ),
)

case(
    "ssl_flags_unknown_to_release",
    "0.5.8",
    "sglang 0.5.8 server_args.py (no --ssl-* options; prepare_server_args' argparse.ArgumentParser(), prog launch_server.py); the options arrive in 0.5.10",
    "config_error",
    "a recipe written for 0.5.10 passes --ssl-keyfile/--ssl-certfile to 0.5.8: argparse exits with 'unrecognized arguments'",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH] [--tokenizer-mode {auto,slow}] [--tokenizer-worker-num TOKENIZER_WORKER_NUM] [--skip-tokenizer-init] [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote,remote_instance}] ...",
        "launch_server.py: error: unrecognized arguments: --ssl-keyfile /etc/sglang/tls/tls.key --ssl-certfile /etc/sglang/tls/tls.crt",
    ),
)

_SSL_BOOT = join(
    LAUNCH_WARNING_0510,
    sargs(
        0,
        "Qwen/Qwen3-8B",
        host="0.0.0.0",
        port=30443,
        ssl_keyfile="/etc/sglang/tls/tls.key",
        ssl_certfile="/etc/sglang/tls/tls.crt",
    ),
    boot(arch="Qwen3ForCausalLM", ctx=40960),
    f"{ts(23)} SSL enabled: certfile=/etc/sglang/tls/tls.crt, keyfile=/etc/sglang/tls/tls.key",
)

case(
    "ssl_encrypted_key_without_password",
    "0.5.10.post1",
    "sglang 0.5.10.post1 entrypoints/http_server.py:2034-2038 (SSL enabled line), :2082 (uvicorn.run); uvicorn 0.34.0 config.py:113-114 (get_password is None without a password); CPython ssl / OpenSSL 3.0 with no tty (reproduced)",
    "config_error",
    "the key is encrypted and --ssl-keyfile-password was not given: OpenSSL prompts 'Enter PEM pass phrase:' on a container without a tty and load_cert_chain fails after the model loaded; fix the flags, not memory",
    join(
        _SSL_BOOT,
        "Enter PEM pass phrase:",
        f"{TB}\n" + tb(PY312, *UVICORN_SSL_0510) + "\nOSError: [Errno 22] Invalid argument",
    ),
)

case(
    "ssl_wrong_keyfile_password",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:3812-3816 (--ssl-keyfile-password), entrypoints/http_server.py:2082-2094; uvicorn 0.34.0 config.py:114; OpenSSL 3.0's '[SSL] PEM lib' for a bad pass phrase (reproduced)",
    "config_error",
    "a wrong --ssl-keyfile-password: ssl.SSLError '[SSL] PEM lib' from load_cert_chain when uvicorn starts",
    join(
        _SSL_BOOT.replace(
            "ssl_certfile='/etc/sglang/tls/tls.crt'",
            "ssl_certfile='/etc/sglang/tls/tls.crt', ssl_keyfile_password='********'",
        ),
        f"{TB}\n" + tb(PY312, *UVICORN_SSL_0510) + "\nssl.SSLError: [SSL] PEM lib (_ssl.c:3926)",
    ),
)

case(
    "ssl_key_does_not_match_certificate",
    "0.5.10.post1",
    "sglang 0.5.10.post1 entrypoints/http_server.py:2082; uvicorn 0.34.0 config.py:114; OpenSSL 3.0 X509_check_private_key (reproduced: '[X509: KEY_VALUES_MISMATCH] key values mismatch')",
    "config_error",
    "the key file belongs to another certificate (a half-finished rotation): load_cert_chain raises KEY_VALUES_MISMATCH and the server never listens",
    join(
        _SSL_BOOT,
        f"{TB}\n"
        + tb(PY312, *UVICORN_SSL_0510)
        + "\nssl.SSLError: [X509: KEY_VALUES_MISMATCH] key values mismatch (_ssl.c:3926)",
    ),
)

_SSL_CA_ARGS = join(
    LAUNCH_WARNING_0510,
    sargs(
        0,
        "Qwen/Qwen3-8B",
        host="0.0.0.0",
        port=30443,
        ssl_keyfile="/etc/sglang/tls/tls.key",
        ssl_certfile="/etc/sglang/tls/tls.crt",
        ssl_ca_certs="/etc/sglang/tls/ca.crt",
    ),
    boot(arch="Qwen3ForCausalLM", ctx=40960),
    f"{ts(23)} SSL enabled: certfile=/etc/sglang/tls/tls.crt, keyfile=/etc/sglang/tls/tls.key",
    uvicorn_up(23, "https://0.0.0.0:30443"),
)
_WARM_0510 = ("entrypoints/http_server.py", 1767, "_execute_server_warmup", "res = requests.get(")

case(
    "ssl_warmup_certificate_not_valid_for_loopback",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:5977-5988 (url(): 0.0.0.0 -> https://127.0.0.1), :6005 (ssl_verify returns --ssl-ca-certs), entrypoints/http_server.py:1760-1779; requests 2.32.3 / urllib3 2.2.3 chain (reproduced)",
    "config_error",
    "the certificate names only sglang.internal, the warm-up checks it against 127.0.0.1 with --ssl-ca-certs and fails every try: a certificate/SAN configuration error",
    join(
        _SSL_CA_ARGS,
        warmup_fail(
            144,
            handshake_chain(
                PY312,
                "IP address mismatch, certificate is not valid for '127.0.0.1'.",
                _WARM_0510,
                "127.0.0.1",
                30443,
                "/model_info",
            ),
        ),
    ),
)

case(
    "ssl_warmup_certificate_expired",
    "0.5.10.post1",
    "sglang 0.5.10.post1 entrypoints/http_server.py:1760-1779 (verify=ssl_verify); OpenSSL's X509_V_ERR_CERT_HAS_EXPIRED text; requests chain as reproduced",
    "config_error",
    "uvicorn loads an expired certificate without complaint but the warm-up's verification against --ssl-ca-certs refuses it; renew the certificate",
    join(
        _SSL_CA_ARGS,
        warmup_fail(
            144, handshake_chain(PY312, "certificate has expired", _WARM_0510, "127.0.0.1", 30443, "/model_info")
        ),
    ),
)

case(
    "healthy_ssl_selfsigned_verification_disabled",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:6006-6015 (ssl_verify's warning), entrypoints/http_server.py:2034-2038; urllib3 2.2.3 connectionpool.py InsecureRequestWarning",
    "healthy",
    "a self-signed certificate with no --ssl-ca-certs: SGLang warns that the internal checks skip verification, urllib3 warns per request, and the server fires up over HTTPS",
    join(
        LAUNCH_WARNING_0510,
        sargs(
            0,
            "Qwen/Qwen3-8B",
            host="0.0.0.0",
            port=30443,
            ssl_keyfile="/etc/sglang/tls/tls.key",
            ssl_certfile="/etc/sglang/tls/tls.crt",
        ),
        boot(arch="Qwen3ForCausalLM", ctx=40960),
        f"{ts(23)} SSL enabled: certfile=/etc/sglang/tls/tls.crt, keyfile=/etc/sglang/tls/tls.key",
        uvicorn_up(23, "https://0.0.0.0:30443"),
        f"{ts(24)} SSL is enabled but --ssl-ca-certs was not provided. Certificate verification is DISABLED for internal health checks. For production deployments, provide --ssl-ca-certs or use CA-signed certificates.",
        f"{PY312}/urllib3/connectionpool.py:1097: InsecureRequestWarning: Unverified HTTPS request is being made to host '127.0.0.1'. Adding certificate verification is strongly advised. See: https://urllib3.readthedocs.io/en/latest/advanced-usage.html#tls-warnings\n  warnings.warn(",
        warmed(24),
        f'{ts(40)} INFO:     10.8.0.14:51230 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(40, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 97, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    ),
)

case(
    "healthy_ssl_refresh_fails_once_then_reloads",
    "0.5.10.post1",
    "sglang 0.5.10.post1 entrypoints/ssl_utils.py:48-60 (SSLCertRefresher: 'Failed to reload SSL cert/key — continuing with previous certificates.'), entrypoints/http_server.py:2040-2076 (--enable-ssl-refresh)",
    "healthy",
    "cert-manager writes the new key before the new certificate: one reload fails with KEY_VALUES_MISMATCH and keeps the old pair, the next succeeds; the server keeps serving throughout",
    join(
        LAUNCH_WARNING_0510,
        sargs(
            0,
            "Qwen/Qwen3-8B",
            host="0.0.0.0",
            port=30443,
            ssl_keyfile="/etc/sglang/tls/tls.key",
            ssl_certfile="/etc/sglang/tls/tls.crt",
            ssl_ca_certs="/etc/sglang/tls/ca.crt",
            enable_ssl_refresh=True,
        ),
        boot(arch="Qwen3ForCausalLM", ctx=40960),
        f"{ts(23)} SSL enabled: certfile=/etc/sglang/tls/tls.crt, keyfile=/etc/sglang/tls/tls.key",
        f"{ts(23)} SSL certificate auto-refresh enabled.",
        uvicorn_up(23, "https://0.0.0.0:30443"),
        warmed(24),
        f"{ts(300)} SSL cert/key file change detected, reloading: cert=/etc/sglang/tls/tls.crt key=/etc/sglang/tls/tls.key",
        f"{ts(300)} Failed to reload SSL cert/key — continuing with previous certificates.\n{TB}\n"
        + tb(
            PY312,
            (
                "entrypoints/ssl_utils.py",
                54,
                "_watch_cert_key",
                "self._ssl_context.load_cert_chain(self._cert_path, self._key_path)",
            ),
        )
        + "\nssl.SSLError: [X509: KEY_VALUES_MISMATCH] key values mismatch (_ssl.c:3926)",
        f"{ts(301)} SSL cert/key file change detected, reloading: cert=/etc/sglang/tls/tls.crt key=/etc/sglang/tls/tls.key",
        f"{ts(301)} SSL cert/key reloaded successfully.",
        f'{ts(305)} INFO:     10.8.0.14:51288 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(305, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 412, #cached-token: 128, token usage: 0.01, #running-req: 2, #queue-req: 0, ",
    ),
)

# ==================================================================== HTTP(S)_PROXY / NO_PROXY and the warm-up request
case(
    "proxy_host0_squid_connection_failed",
    "0.4.6.post5",
    "https://github.com/sgl-project/sglang/issues/4935 (squid's page: 'Connection to 0.0.0.0 failed', '(111) Connection refused'); sglang 0.4.6.post5 server_args.py:1428-1432 (url() = http://0.0.0.0:PORT), entrypoints/http_server.py:806-817",
    "config_error",
    "--host 0.0.0.0 makes the warm-up ask http://0.0.0.0:30000 and http_proxy sends that to squid, which cannot reach 0.0.0.0 and answers 503; NO_PROXY (or a newer release) fixes it",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='/models/Qwen2.5-72B-Instruct', tokenizer_path='/models/Qwen2.5-72B-Instruct', host='0.0.0.0', port=30000, mem_fraction_static=0.87, tp_size=8, ...)",
        boot(old=True, ranks=("TP0", "TP1", "TP2", "TP3", "TP4", "TP5", "TP6", "TP7"), shards=37),
        uvicorn_up(23, "http://0.0.0.0:30000"),
        warmup_fail(
            144,
            f"{TB}\n"
            + tb(
                PY310,
                (
                    "entrypoints/http_server.py",
                    807,
                    "_wait_and_warmup",
                    'assert res.status_code == 200, f"{res=}, {res.text=}"',
                ),
            )
            + "\nAssertionError: res=<Response [503]>, res.text="
            + repr(
                SQUID_DENIED
                + '</head><body id="ERR_CONNECT_FAIL">\n<div id="titles">\n<h1>ERROR</h1>\n<h2>The requested URL could not be retrieved</h2>\n</div>\n<hr>\n<div id="content">\n<p>The following error was encountered while trying to retrieve the URL: <a href="http://0.0.0.0:30000/get_model_info">http://0.0.0.0:30000/get_model_info</a></p>\n<blockquote id="error">\n<p><b>Connection to 0.0.0.0 failed.</b></p>\n</blockquote>\n\n<p id="sysmsg">The system returned: <i>(111) Connection refused</i></p>\n'
            ),
        ),
    ),
)

case(
    "proxy_host0_debug_lines_403",
    "0.5.0rc0",
    "https://github.com/sgl-project/sglang/issues/9155 (the reporter's urllib3 debug lines through 172.16.37.200:3138); sglang 0.5.0rc0 entrypoints/http_server.py:1059-1070",
    "config_error",
    "with --log-level debug urllib3 shows each warm-up GET for http://0.0.0.0:25600 going to the proxy and coming back 403; after 120 tries the warm-up gives up",
    join(
        sargs(0, "/data/models/Qwen2.5-14B-Instruct", host="0.0.0.0", port=25600, tp_size=2, log_level="debug"),
        boot(ranks=("TP0", "TP1"), shards=8),
        [
            f"{ts(23)} INFO:     Started server process [132351]",
            f"{ts(23)} INFO:     Waiting for application startup.",
            f"{ts(23)} Ignoring mcp import error",
            f"{ts(23)} Ignoring mcp import error",
            f"{ts(23)} INFO:     Application startup complete.",
            f"{ts(23)} INFO:     Uvicorn running on http://0.0.0.0:25600 (Press CTRL+C to quit)",
        ],
        [
            line
            for s in (24, 25, 26, 142, 143)
            for line in (
                f"{ts(s)} Starting new HTTP connection (1): 172.16.37.200:3138",
                f'{ts(s)} http://172.16.37.200:3138 "GET http://0.0.0.0:25600/get_model_info HTTP/1.1" 403 3582',
            )
        ],
        warmup_fail(
            144,
            assertion(
                PY312,
                1060,
                403,
                SQUID_DENIED
                + '</head><body id="ERR_ACCESS_DENIED">\n<div id="titles">\n<h1>ERROR</h1>\n<h2>The requested URL could not be retrieved</h2>\n</div>\n',
            ),
        ),
    ),
)

case(
    "proxy_host0_502_then_killed",
    "0.5.6",
    "https://github.com/sgl-project/sglang/issues/16855 ('AssertionError: res=<Response [502]>, res.text=''' then the shell's Killed); sglang 0.5.6 entrypoints/http_server.py:1480-1491, server_args.py:3926-3930",
    "config_error",
    "--host 0.0.0.0 --tp 4: the warm-up's request to http://0.0.0.0:18089 is answered 502 by a proxy, SGLang kills its own tree (the shell prints Killed); a proxy configuration problem, not a crash",
    join(
        sargs(
            0,
            "/data/home/user/checkpoint-30",
            host="0.0.0.0",
            port=18089,
            mem_fraction_static=0.7,
            dtype="bfloat16",
            tp_size=4,
        ),
        boot(ranks=("TP0", "TP1", "TP2", "TP3")),
        uvicorn_up(23, "http://0.0.0.0:18089"),
        warmup_fail(
            144,
            f"{TB}\n"
            + tb(
                "/data/home/user/miniconda3/envs/SGLang/lib/python3.11/site-packages",
                (
                    "entrypoints/http_server.py",
                    1481,
                    "_execute_server_warmup",
                    'assert res.status_code == 200, f"{res=}, {res.text=}"',
                ),
            )
            + "\n           ^^^^^^^^^^^^^^^^^^^^^^\nAssertionError: res=<Response [502]>, res.text=''",
        ),
        "",
        "已杀死",
    ),
)

case(
    "proxy_unreachable_proxyerror",
    "0.5.8",
    "sglang 0.5.8 entrypoints/http_server.py:1507-1516 (RequestException caught, retried, last traceback logged); requests 2.32.3 adapters.py:694; urllib3 2.2.3 ProxyError('Unable to connect to proxy', ...) (reproduced)",
    "config_error",
    "http_proxy is inherited from the login shell and points at a proxy that is not running on this host: every warm-up GET fails with ProxyError [Errno 111] at the proxy, never reaching SGLang",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", host="0.0.0.0", port=30000),
        boot(arch="LlamaForCausalLM", ctx=131072),
        uvicorn_up(23, "http://0.0.0.0:30000"),
        warmup_fail(
            144,
            proxy_refused_chain(
                PY312,
                get_model_info(PY312, 1507),
                "10.20.0.1:3128",
                "http://0.0.0.0:30000/model_info",
                "0x7f3c5a8b2e90",
            ),
        ),
    ),
)

case(
    "proxy_pod_hostname_not_in_no_proxy",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:5977-5988 (url(): only 0.0.0.0 and :: map to loopback, a DNS name is used as given), entrypoints/http_server.py:1767-1778; squid's ERR_DNS_FAIL page",
    "config_error",
    "--host set to the pod's headless-service name; NO_PROXY lists localhost,127.0.0.1 only, so the warm-up goes to the egress proxy, which cannot resolve the cluster name and answers 503",
    join(
        LAUNCH_WARNING_0510,
        sargs(0, "Qwen/Qwen3-8B", host="sglang-0.sglang-headless.llm.svc.cluster.local", port=30000),
        boot(arch="Qwen3ForCausalLM", ctx=40960),
        uvicorn_up(23, "http://sglang-0.sglang-headless.llm.svc.cluster.local:30000"),
        warmup_fail(
            144,
            f"{TB}\n"
            + tb(
                PY312,
                (
                    "entrypoints/http_server.py",
                    1770,
                    "_execute_server_warmup",
                    'assert res.status_code == 200, f"{res=}, {res.text=}"',
                ),
            )
            + "\nAssertionError: res=<Response [503]>, res.text="
            + repr(
                SQUID_DENIED
                + '</head><body id="ERR_DNS_FAIL">\n<div id="content">\n<p>Unable to determine IP address from host name <q>sglang-0.sglang-headless.llm.svc.cluster.local</q></p>\n<p>The DNS server returned:</p>\n<blockquote id="data">\n<pre>Name Error: The domain name does not exist.</pre>\n</blockquote>\n'
            ),
        ),
    ),
)

case(
    "proxy_https_tunnel_refused_for_tls_server",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:5977 (url(): https://127.0.0.1 when --ssl-certfile), entrypoints/http_server.py:1760-1779; requests 2.32.3 / urllib3 2.2.3 CONNECT tunnel failure (reproduced); squid denies CONNECT to non-SSL_ports",
    "config_error",
    "with TLS on, the warm-up is an https URL, so HTTPS_PROXY applies; the proxy refuses CONNECT 127.0.0.1:30443 with 403 and the warm-up gives up: add 127.0.0.1 to NO_PROXY",
    join(
        _SSL_CA_ARGS,
        warmup_fail(144, tunnel_chain(PY312, _WARM_0510, "127.0.0.1", 30443, "/model_info", "403 Forbidden")),
    ),
)

case(
    "proxy_blackhole_read_timeout",
    "0.5.4",
    "sglang 0.5.4 entrypoints/http_server.py:1446-1457 (timeout=5, 120 tries); requests 2.32.3 adapters.py:713 ReadTimeout (reproduced against a proxy that accepts and never answers)",
    "config_error",
    "http_proxy points at a proxy that accepts the connection and never answers: each warm-up GET times out after 5 s and the server is killed; not a distributed timeout and not a slow model",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", host="0.0.0.0", port=30000),
        boot(),
        uvicorn_up(23, "http://0.0.0.0:30000"),
        warmup_fail(
            744,
            f"{TB}\n"
            + tb(
                PY312,
                ("+urllib3/connectionpool.py", 536, "_make_request", "response = conn.getresponse()"),
                ("+urllib3/connection.py", 507, "getresponse", "httplib_response = super().getresponse()"),
                (f"{LIB312}/http/client.py", 1428, "getresponse", "response.begin()"),
                (f"{LIB312}/http/client.py", 331, "begin", "version, status, reason = self._read_status()"),
                (
                    f"{LIB312}/http/client.py",
                    292,
                    "_read_status",
                    'line = str(self.fp.readline(_MAXLINE + 1), "iso-8859-1")',
                ),
                (f"{LIB312}/socket.py", 720, "readinto", "return self._sock.recv_into(b)"),
            )
            + "\nTimeoutError: timed out"
            + CAUSE
            + f"{TB}\n"
            + tb(
                PY312,
                ("+requests/adapters.py", 667, "send", "resp = conn.urlopen("),
                ("+urllib3/connectionpool.py", 843, "urlopen", "retries = retries.increment("),
                ("+urllib3/util/retry.py", 474, "increment", "raise reraise(type(error), error, _stacktrace)"),
                ("+urllib3/util/util.py", 39, "reraise", "raise value"),
                ("+urllib3/connectionpool.py", 789, "urlopen", "response = self._make_request("),
                (
                    "+urllib3/connectionpool.py",
                    538,
                    "_make_request",
                    "self._raise_timeout(err=e, url=url, timeout_value=read_timeout)",
                ),
                ("+urllib3/connectionpool.py", 369, "_raise_timeout", "raise ReadTimeoutError("),
            )
            + "\nurllib3.exceptions.ReadTimeoutError: HTTPConnectionPool(host='10.20.0.1', port=3128): Read timed out. (read timeout=5)"
            + DURING
            + f"{TB}\n"
            + tb(
                PY312,
                get_model_info(PY312, 1446, "/get_model_info"),
                *REQ_CALL,
                ("+requests/adapters.py", 713, "send", "raise ReadTimeout(e, request=request)"),
            )
            + "\nrequests.exceptions.ReadTimeout: HTTPConnectionPool(host='10.20.0.1', port=3128): Read timed out. (read timeout=5)",
        ),
    ),
)

# ============================================================================ the Hub behind a TLS-inspecting proxy
_MITM = "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: self-signed certificate in certificate chain (_ssl.c:1010)"
case(
    "hub_config_selfsigned_chain_corporate_proxy",
    "0.5.4",
    "sglang 0.5.4 server_args.py:551,877,3338 (__post_init__ fetches the model config), utils/hf_transformers_utils.py:197; transformers 4.57.1 utils/hub.py:479,567; huggingface_hub 0.35.3 file_download.py:1600-1602 (SSLError re-raised), utils/_http.py:95-100 (Request ID)",
    "config_error",
    "a TLS-inspecting corporate proxy re-signs huggingface.co with a private root that Python's certifi bundle lacks; the config.json fetch in prepare_server_args dies with CERTIFICATE_VERIFY_FAILED: point REQUESTS_CA_BUNDLE at the corporate CA",
    f"{TB}\n"
    + tb(
        PY312,
        *hub_config_stack(PY312, v056=False),
        ("+requests/adapters.py", 698, "send", "raise SSLError(e, request=request)"),
    )
    + "\nrequests.exceptions.SSLError: (MaxRetryError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /Qwen/Qwen2.5-7B-Instruct/resolve/main/config.json (Caused by SSLError(SSLCertVerificationError(1, '"
    + _MITM
    + "')))\"), '(Request ID: 5e0d7c44-1b9a-4f38-9d2e-6a3b8f0c1d27)')",
)

case(
    "hub_ca_bundle_path_missing",
    "0.5.6",
    "sglang 0.5.6 server_args.py:620,937,3934, utils/hf_transformers_utils.py:219; requests 2.32.3 adapters.py:328-331 (cert_verify), :639; transformers 4.57.1 utils/hub.py:567 (re-raised)",
    "config_error",
    "REQUESTS_CA_BUNDLE names the corporate CA file at a path the container does not have: requests refuses before connecting and the config fetch fails in prepare_server_args",
    f"{TB}\n"
    + tb(
        PY312,
        *hub_config_stack(PY312, v056=True),
        ("+requests/adapters.py", 639, "send", "self.cert_verify(conn, request.url, verify, cert)"),
        ("+requests/adapters.py", 328, "cert_verify", "raise OSError("),
    )
    + "\nOSError: Could not find a suitable TLS CA certificate bundle, invalid path: /etc/pki/ca-trust/source/anchors/corp-root-ca.pem",
)

case(
    "hub_weights_listing_proxy_407_in_scheduler",
    "0.5.10.post1",
    "sglang 0.5.10.post1 model_loader/weight_utils.py:489-490 (HfFileSystem().ls before downloading), model_loader/loader.py:423,483,573,698, models/qwen3.py:595; huggingface_hub 0.35.3 hf_file_system.py:125, hf_api.py:2648,2864; requests 2.32.3 adapters.py:694",
    "config_error",
    "config and tokenizer come from the local HF cache, but listing the repo's weight files goes through HTTPS_PROXY, which wants authentication (407); the scheduler dies while loading, a proxy credential problem and not an OOM",
    join(
        LAUNCH_WARNING_0510,
        sargs(0, "Qwen/Qwen3-32B", host="0.0.0.0", port=30000, tp_size=4),
        [f"{ts(6, r)} Init torch distributed begin." for r in ("TP0", "TP1", "TP2", "TP3")],
        [
            f"{ts(8, r)} Init torch distributed ends. elapsed=2.10 s, mem usage=0.55 GB"
            for r in ("TP0", "TP1", "TP2", "TP3")
        ],
        f"{ts(9, 'TP0')} Load weight begin. avail mem=78.52 GB",
        f"{ts(12, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            ("managers/scheduler.py", 3589, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 412, "__init__", "self.init_model_worker()"),
            ("managers/scheduler.py", 640, "init_model_worker", "self.init_tp_model_worker()"),
            ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
            ("managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
            ("managers/tp_worker.py", 330, "_init_model_runner", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
            ("model_executor/model_runner.py", 520, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 1120, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 689, "load_model", "self.load_weights_and_postprocess("),
            ("model_loader/loader.py", 698, "load_weights_and_postprocess", "model.load_weights(weights)"),
            ("models/qwen3.py", 595, "load_weights", "for name, loaded_weight in weights:"),
            (
                "model_loader/loader.py",
                573,
                "_get_all_weights",
                "yield from self._get_weights_iterator(primary_weights)",
            ),
            (
                "model_loader/loader.py",
                483,
                "_get_weights_iterator",
                "hf_folder, hf_weights_files, use_safetensors = self._prepare_weights(",
            ),
            ("model_loader/loader.py", 423, "_prepare_weights", "hf_folder = download_weights_from_hf("),
            (
                "model_loader/weight_utils.py",
                490,
                "download_weights_from_hf",
                "file_list = fs.ls(model_name_or_path, detail=False, revision=revision)",
            ),
            (
                "+huggingface_hub/hf_file_system.py",
                368,
                "ls",
                "resolved_path = self.resolve_path(path, revision=revision)",
            ),
            (
                "+huggingface_hub/hf_file_system.py",
                198,
                "resolve_path",
                "repo_and_revision_exist, err = self._repo_and_revision_exist(repo_type, repo_id, revision)",
            ),
            ("+huggingface_hub/hf_file_system.py", 125, "_repo_and_revision_exist", "self._api.repo_info("),
            ("+huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
            ("+huggingface_hub/hf_api.py", 2864, "repo_info", "return method("),
            ("+huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
            (
                "+huggingface_hub/hf_api.py",
                2648,
                "model_info",
                "r = get_session().get(path, headers=headers, timeout=timeout, params=params)",
            ),
            ("+requests/sessions.py", 602, "get", 'return self.request("GET", url, **kwargs)'),
            ("+requests/sessions.py", 589, "request", "resp = self.send(prep, **send_kwargs)"),
            ("+requests/sessions.py", 703, "send", "r = adapter.send(request, **kwargs)"),
            ("+huggingface_hub/utils/_http.py", 95, "send", "return super().send(request, *args, **kwargs)"),
            ("+requests/adapters.py", 694, "send", "raise ProxyError(e, request=request)"),
        )
        + "\nrequests.exceptions.ProxyError: (MaxRetryError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /api/models/Qwen/Qwen3-32B (Caused by ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: 407 Proxy Authentication Required')))\"), '(Request ID: 9b2f64a1-0c3e-4d71-8e55-f1a7c2d90b36)')",
        f"{ts(12)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "healthy_hub_download_resumed_after_proxy_timeout",
    "0.5.6",
    "huggingface_hub 0.35.3 file_download.py:503-512 ('Error while downloading from %s: %s\\nTrying to resume download...'); sglang 0.5.6 model_loader/weight_utils.py (Using model weights format)",
    "healthy",
    "a weight shard's download through the proxy times out mid-stream, huggingface_hub resumes it, the weights load and the server fires up",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", host="0.0.0.0", port=30000),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=78.68 GB",
        f"{ts(9, 'TP0')} Using model weights format ['*.safetensors']",
        "model-00002-of-00004.safetensors:  41%|████      | 1.62G/3.86G [00:41<00:57, 39.1MB/s]",
        f"{ts(52, 'TP0')} Error while downloading from https://cdn-lfs-us-1.hf.co/repos/5c/6e/5c6e1b2f9a0d/4a7b0e9c?response-content-disposition=inline: HTTPSConnectionPool(host='cdn-lfs-us-1.hf.co', port=443): Read timed out.\nTrying to resume download...",
        "model-00002-of-00004.safetensors: 100%|██████████| 3.86G/3.86G [01:32<00:00, 41.8MB/s]",
        boot(t0=80)[3:],
        uvicorn_up(103, "http://0.0.0.0:30000"),
        warmed(104, info="/get_model_info"),
        f"{ts(110, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    ),
)

# ====================================================================================== --host and IPv6 addresses
case(
    "host_address_not_on_this_machine",
    "0.5.6",
    "uvicorn 0.34.0 server.py:162-173 (create_server's OSError is logged, lifespan shut down, sys.exit(1)); asyncio base_events 'error while attempting to bind on address'",
    "config_error",
    "--host 10.0.0.5 copied from another node's recipe: after the model loads, uvicorn cannot bind an address this machine does not have (Errno 99); not a busy port",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", host="10.0.0.5", port=30000),
        boot(),
        f"{ts(23)} INFO:     Started server process [41234]",
        f"{ts(23)} INFO:     Waiting for application startup.",
        f"{ts(23)} INFO:     Application startup complete.",
        f"{ts(23)} ERROR:    [Errno 99] error while attempting to bind on address ('10.0.0.5', 30000): cannot assign requested address",
        f"{ts(23)} INFO:     Waiting for application shutdown.",
        f"{ts(23)} INFO:     Application shutdown complete.",
    ),
)

case(
    "host_all_interfaces_port_already_taken",
    "0.5.4",
    "uvicorn 0.34.0 server.py:162-173; /work/shared/reference/sglang.md 'HTTP --port busy' (the bind error after the model has loaded)",
    "port_in_use",
    "--host 0.0.0.0 --port 30000 while another server holds 30000: uvicorn's bind fails with Errno 98 after the model loaded",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", host="0.0.0.0", port=30000, api_key="sk-team-7c1d"),
        boot(),
        f"{ts(23)} INFO:     Started server process [41234]",
        f"{ts(23)} INFO:     Waiting for application startup.",
        f"{ts(23)} INFO:     Application startup complete.",
        f"{ts(23)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(23)} INFO:     Waiting for application shutdown.",
        f"{ts(23)} INFO:     Application shutdown complete.",
    ),
)

case(
    "ipv6_host_on_node_without_ipv6",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:5983-5984 (url(): '::' -> ::1); uvicorn 0.34.0 server.py:162-173; asyncio's bind error with the IPv6 sockaddr tuple",
    "config_error",
    "--host :: on a node booted with ipv6.disable=1: the IPv6 socket cannot be created (Errno 97, address family not supported); use 0.0.0.0",
    join(
        LAUNCH_WARNING_0510,
        sargs(0, "Qwen/Qwen3-8B", host="::", port=30000),
        boot(arch="Qwen3ForCausalLM", ctx=40960),
        f"{ts(23)} INFO:     Started server process [41234]",
        f"{ts(23)} INFO:     Waiting for application startup.",
        f"{ts(23)} INFO:     Application startup complete.",
        f"{ts(23)} ERROR:    [Errno 97] error while attempting to bind on address ('::', 30000, 0, 0): address family not supported by protocol",
        f"{ts(23)} INFO:     Waiting for application shutdown.",
        f"{ts(23)} INFO:     Application shutdown complete.",
    ),
)

case(
    "ipv6_dist_init_addr_without_brackets_in_scheduler",
    "0.5.10.post1",
    "sglang 0.5.10.post1 utils/network.py:474-519 (NetworkAddress.parse: 'Bare IPv6 address without brackets is ambiguous'), model_executor/model_runner.py:924-926 (init_torch_distributed)",
    "config_error",
    "two-node TP16 with --dist-init-addr fd00:10::5:5000: every rank's init_torch_distributed rejects the unbracketed IPv6 address with a ValueError naming the fix; an argument error inside the distributed set-up, nothing in NCCL or the store failed",
    join(
        LAUNCH_WARNING_0510,
        sargs(
            0,
            "deepseek-ai/DeepSeek-V3",
            host="0.0.0.0",
            port=30000,
            tp_size=16,
            nnodes=2,
            node_rank=0,
            dist_init_addr="fd00:10::5:5000",
            trust_remote_code=True,
        ),
        [f"{ts(6, r)} Init torch distributed begin." for r in ("TP0", "TP1", "TP2", "TP3", "TP4", "TP5", "TP6", "TP7")],
        f"{ts(6, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            ("managers/scheduler.py", 3589, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 412, "__init__", "self.init_model_worker()"),
            ("managers/scheduler.py", 640, "init_model_worker", "self.init_tp_model_worker()"),
            ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
            ("managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
            ("managers/tp_worker.py", 330, "_init_model_runner", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
            ("model_executor/model_runner.py", 470, "initialize", "min_per_gpu_memory = self.init_torch_distributed()"),
            (
                "model_executor/model_runner.py",
                925,
                "init_torch_distributed",
                "na = NetworkAddress.parse(self.server_args.dist_init_addr)",
            ),
            ("utils/network.py", 514, "parse", "raise ValueError("),
        )
        + "\nValueError: Bare IPv6 address without brackets is ambiguous: 'fd00:10::5:5000'. Use [fd00:10::5]:5000 instead.",
        f"{ts(6)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "ipv6_dist_init_addr_dp_attention_port_args",
    "0.5.4",
    "sglang 0.5.4 server_args.py:3737-3747 (PortArgs.init_new with DP attention: a bare IPv6 address splits into many parts), entrypoints/engine.py:765, entrypoints/http_server.py:1343",
    "config_error",
    "--enable-dp-attention across two nodes with an unbracketed IPv6 --dist-init-addr: the launcher's port planning asserts 'please provide --dist-init-addr as host:port of head node' before any rank starts",
    f"{TB}\n"
    + tb(
        PY312,
        *RUNPY,
        (f"{PY312}/sglang/launch_server.py", 21, "<module>", "launch_server(server_args)"),
        (
            "entrypoints/http_server.py",
            1343,
            "launch_server",
            "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
        ),
        ("entrypoints/engine.py", 765, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
        ("server_args.py", 3745, "init_new", "assert ("),
    )
    + "\nAssertionError: please provide --dist-init-addr as host:port of head node",
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    # fixed since first sight: apikey_multi_tokenizer_worker_refuses_key (uvicorn's `Application startup failed`)
    "ipv6_dist_init_addr_without_brackets_in_scheduler": "nccl_or_distributed",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_tls_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label:
# the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_tls_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

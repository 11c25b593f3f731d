"""Failure rules, distributed family: NCCL, gloo, the c10d store, custom all-reduce's peer access, NVSHMEM /
rocSHMEM (DeepEP's inter-node buffers), the KV transfer engines of PD disaggregation (Mooncake, NIXL), a native
crash inside NCCL's own code, and ranks that gave up waiting.

A distributed error is often another rank's death seen from here, so it ranks below a named cause in the
same log (tier 3), and "the other ranks did not finish" below that (tier 1). The remedy is a bounded retry,
not a memory change.
"""

from __future__ import annotations

import re

from .config import is_config_exception
from .rule import TIER_CASCADE, TIER_DISTRIBUTED, Rule, by_context, searching

NCCL = re.compile(
    r"[NRH]CCL [Ee]rror|\bnccl\w*Error\b|DistBackendError|DistStoreError|DistNetworkError|Failed to load NCCL library"
    r"|Watchdog caught collective operation timeout|collective operation timeout|NCCL timeout"
    # (gloo's own report of a group formed, `[Gloo] Rank 1 is connected to 1 peer ranks. Expected number of connected
    # peer ranks is : 1`, printed by every rank of a healthy start, is not one)
    r"|gloo/transport|\[Gloo\](?! Rank \d+ is connected to)|Socket Timeout|RendezvousError"
    r"|Error while creating shared memory segment"
    r"|NCCL communicator.{0,80}?(?:fail|[Ee]rror|abort|timed? ?out)"
    r"|ncclCommInitRank failed|Timed out after \d+ seconds waiting for clients"
    r"|Timed out initializing process group|store based barrier"
    # c10d's watchdog over the NCCL queue: a collective hung, and torch ends the rank (`Terminating the process after
    # attempting to dump debug info, due to ProcessGroupNCCL watchdog hang`), a fatal log line and no exception
    r"|ProcessGroupNCCL(?:'s)? watchdog (?:got stuck|hang)|[Hh]eartbeat monitor timed out"
    # torch.distributed's own consistency check (TORCH_DISTRIBUTED_DEBUG=DETAIL): ranks running different collectives
    r"|[Mm]ismatch between collectives|Collectives differ in the following aspects"
    # the c10d store's client (rendezvous of every rank with the head node's TCPStore)
    r"|\[c10d\] The client socket has (?:timed out|failed to connect)|TCP client failed to connect"
    # ... and its connection to the store lost: the rank holding it died (`[c10d] recvValue failed on SocketImpl(...):
    # Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?`)
    r"|\[c10d\] \w+ failed on SocketImpl|Connection was likely closed\. Did the remote server"
    # GPU-initiated communication libraries (DeepEP's NVSHMEM, ROCm's rocSHMEM): their set-up across ranks and nodes
    r"|(?i:\b(?:nv|roc)shmem\w*)"
    # Ascend's collective library, HCCL, as torch_npu reports it (`HCCL function error: hcclCommInitRootInfoConfig(...),
    # error code is 7`, CANN's `ERR02200 DIST call hccl api failed`)
    r"|HCCL function error|call hccl api failed"
    # DeepEP's ranks waiting on each other's tokens (`DeepEP error: CPU recv timeout`, `DeepEP timeout for dispatch
    # receivers`): a peer that stopped answering, as NCCL's timeouts are
    r"|\bDeepEP(?: [\w-]+:?){0,4} time(?:d[ -])?out"
    # Microsoft's MSCCL++, SGLang's other all-reduce library (0.5.23's `MSCCL++ AllReduce failed with error code 3`)
    r"|MSCCL\+\+ [\w ]{0,30}?(?:failed|[Ee]rror)|\bmscclpp\w*Error"
)
# Another node's part of a handshake never came (DP attention's controller raising `Failed to receive worker ports
# from node 0 within timeout`): only on an exception line, since SGLang logs the same words where it gives up on an
# optional step and goes on (0.5.23's elastic EP: `[Elastic EP] Timed out waiting for ranks to join target EP size 16`,
# the scale-up is failed and the server keeps its old EP size).
HANDSHAKE = re.compile(r"from node \d+ within timeout|[Tt]imed out waiting for (?:node|rank|worker)s?\b")
# Custom all-reduce opens peer (P2P) access between the GPUs of one node at TP init; GPUs without it
# (consumer cards, some PCIe topologies) fail there: --disable-custom-all-reduce is the fix. A device fault its
# kernel hits (an illegal memory access, an ECC error) is a CUDA error like any kernel's (the CUDA family).
PEER_ACCESS = re.compile(
    r"peer access is not supported between|cudaErrorPeerAccess\w+"
    r"|custom_all_reduce\.cuh:\d+(?!.{0,40}(?:an illegal|uncorrectable ECC|misaligned address|unspecified launch))"
    r"|P2P (?:access )?is not supported|hipErrorPeerAccess\w+"
    # CUDA's own words for P2P (cudaErrorTooManyPeers, cudaErrorPeerAccessNotEnabled), and SGLang's P2P probe
    # (custom_all_reduce_utils.gpu_p2p_access_check: "Error happened when batch testing peer-to-peer access ...")
    r"|peer mapping resources exhausted|peer access has not been enabled|testing peer-to-peer access"
)
# PD disaggregation's KV transfer engines (Mooncake, NIXL over UCX): their own error lines (glog `E...`), and a
# native crash whose backtrace frames are in the engine's libraries.
KV_TRANSFER = re.compile(
    r"Failed to register (?:memory|buffers?)\b|SocketHandShakePlugin: failed|Cannot make connection for endpoint"
    r"|KVTransferError|[Tt]ransfer(?: engine| thread)? (?:failed|error)|Failed to (?:transfer|send|receive) (?:KV|kv)"
    r"|nixl\.libs/|libplugin_UCX|nixl\w*Error|NIXL_ERR_\w+|mooncake\w*Error"
    r"|Transfer Engine Return Error|Session::\w+ failed"
    # Mooncake's transports (TCP, RDMA, NVLink) and their per-peer sessions
    r"|\w+Transport::\w+ encountered|Session \d[\d.:]* failed"
    # SGLang's own sentences about the engines (disaggregation/nixl/conn.py, mooncake_transfer_engine.py)
    r"|Transfer Engine initiali[sz]ation failed|NIXL [\w ]{0,30}?(?:failed|Exception)"
    r"|KV(?:Sender|Receiver) (?:transfer encountered an error|Exception)"
)
# What, raised in a KV transfer engine's frames, is the launch's settings rather than the network: SGLang's own
# capability sentence for PD ("PD Disaggregation does NOT support PD different TP sizes ..."), a package to install
# or upgrade, a staging pool to enlarge. ("Address family not supported by protocol" is the network: errno's words.)
# A launch flag named as the remedy ("Both servers must use the same --page-size value") is a setting too.
KV_TRANSFER_SETTING = re.compile(
    r"does NOT support|[Pp]lease (?:upgrade|install)|newer version|Increase SGLANG_\w+|\s--[a-z][\w-]+"
)
# A native backtrace (UCX's `==== backtrace ====` after `Caught signal`, gdb's `#3 0x... in f () from lib.so`) whose
# frame is NCCL's own code: a rank crashed inside a collective (or its enqueue, while graphs capture collectives).
NATIVE_IN_NCCL = re.compile(r"^\s*#?\d+\s+0x[0-9a-fA-F]+\s.*(?:/nccl/|libnccl|\bnccl[A-Z]\w*\s*\()")
# A peer hanging up is a distributed failure only between ranks (gloo, the c10d store), not an HTTP client leaving.
PEER = re.compile(r"Connection (?:closed|reset) by peer")
DIST_WORDS = re.compile(r"gloo|Gloo|c10d|[Ss]tore|NCCL|pair\.cc|ProcessGroup")
CASCADES = re.compile(
    r"could finish the model loading, but there are other ranks"
    r"|scheduler died during initialization"
    # SGLang's watchdog over a forward that stopped returning; the soft one (`self.soft=True`) only dumps the
    # stacks and lets the server go on, the hard one sends SIGQUIT
    r"|[Ww]atchdog timeout \((?![^)]*soft=True)"
)
# `/health` waited 20 s for the scheduler and answered 503 (SGLang logs it as an error): the server marks itself
# unhealthy and goes on, Up again on the next answer. It decides only when SGLang then dies or never became ready.
HEALTH_CHECK = re.compile(r"Health check failed")


def kv_transfer_label(exc_type: str | None, text: str) -> str:
    """An exception no pattern names, raised in a PD KV transfer engine's frames (its init, its memory registration,
    a transfer, before or after ready): the transport between prefill and decode instances, so a distributed
    failure, unless an argument check raised it (a ValueError over --disaggregation-ib-device, a missing package)
    or SGLang says the setting is not supported. OSError is the network here (a socket, a device), not a file."""
    short = (exc_type or "").rsplit(".", 1)[-1]
    if (is_config_exception(exc_type) and short != "OSError") or KV_TRANSFER_SETTING.search(text):
        return "config_error"
    return "nccl_or_distributed"


def _collective(msg: str, exc_type: str | None) -> str | None:
    if NCCL.search(msg) or (PEER.search(msg) and DIST_WORDS.search(msg)):
        return msg
    return msg if exc_type is not None and HANDSHAKE.search(msg) else None


COLLECTIVE = Rule("distributed.collective", "nccl", TIER_DISTRIBUTED, _collective)
PEER_ACCESS_FAILED = Rule("distributed.peer_access", "nccl", TIER_DISTRIBUTED, searching(PEER_ACCESS))
KV_TRANSFER_FAILED = Rule("distributed.kv_transfer", "nccl", TIER_DISTRIBUTED, searching(KV_TRANSFER))
CRASHED_IN_NCCL = Rule("distributed.native_frame", "nccl", TIER_DISTRIBUTED, searching(NATIVE_IN_NCCL))
OTHER_RANKS = Rule("distributed.other_ranks", "cascade", TIER_CASCADE, searching(CASCADES))
UNHEALTHY = Rule("distributed.health_check", "cascade", TIER_CASCADE, searching(HEALTH_CHECK), fatal=False)
# "NCCL WARN": often harmless; it explains a crash that says nothing better (the classifier applies it).
NCCL_WARN = Rule("distributed.nccl_warn", "nccl", TIER_CASCADE, searching(re.compile("NCCL WARN")), fatal=False)
# A traceback cut off before its error line, innermost frame in distributed set-up (decided at the end).
CUT_OFF_IN_SETUP = Rule("distributed.cut_off_in_setup", "frames", TIER_CASCADE, by_context)

"""Step 1: one physical line as read from a pipe -> the logical lines SGLang printed, clean.

Deployments put their own prefix in front of every line (docker compose, Kubernetes CRI, kubectl --prefix,
Ray actors, journald/syslog, cloud logging exports, issue-thread quotes, an exception line quoted in an issue's
prose or markdown), terminals add colour, a copy from a web page or an editor adds invisible or full-width
characters, and tqdm
redraws its bars with carriage returns, sometimes with a log line glued after the bar. This step undoes all
of that, so that every later step sees what SGLang itself wrote and nothing else.
"""

from __future__ import annotations

import re
import unicodedata

from .carrier import Carrier
from .contract import MAX_LINE, MAX_REDRAWS

ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
# Wrappers that deployments put in front of every line, anchored at the start; applied repeatedly.
WRAPPER = re.compile(
    r"(?:"
    # Kubernetes CRI: 2025-07-25T07:53:08.21748708+08:00 stdout F
    r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d) (?:stdout|stderr) [FP] "
    # docker logs --timestamps
    r"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z "
    # cloud logging exports: ERROR 2025-04-05T00:01:19.209237575Z
    r"|(?:DEFAULT|DEBUG|INFO|NOTICE|WARNING|WARN|ERROR|CRITICAL|ALERT|EMERGENCY) \d{4}-\d\d-\d\dT[\d:.]+Z? "
    # kubectl logs --prefix
    r"|\[pod/[^\]\s]+\] "
    # Ray actors and workers, and what runs on Ray (SkyPilot's nodes): a tag list holding the process id,
    # (SGLangEngine pid=952, ip=10.0.0.1), (head, rank=0, pid=2847), (worker1, rank=1, pid=2291, ip=10.0.1.12)
    r"|\((?:[\w.:-]+,? )?(?:[\w.-]+=[^,)]*, )*pid=\d+(?:, [\w.-]+=[^,)]*)*\) ?"
    r"|\((?:raylet|gcs_server|autoscaler|monitor)(?:, ip=[0-9a-fA-F.:]+)?\) "
    # journald / syslog: Mar 06 06:15:02 host python3[1234]: (the host is left out by --no-hostname, and the
    # identifier is often the unit's own name: Mar 18 11:23:46 sglang-qwen[931930]:)
    r"|[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d (?:[\w.-]+ )?[\w.@/-]+(?:\[\d+\])?: "
    # journalctl -o short-iso / short-precise: 2025-03-06T06:15:02+0000 host python3[1234]:
    r"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d) (?:[\w.-]+ )?[\w.@/-]+(?:\[\d+\])?: "
    # Open MPI's --tag-output (with --timestamp-output): Thu Jan 23 11:55:50 2025[1,1]<stderr>:
    r"|(?:[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4})?\[\d+,\d+\]<std(?:out|err)>: ?"
    # docker compose: name  |
    r"|[\w][\w.-]*\s*\| "
    # Slurm's srun --label: the task's number, right-aligned (`  3: `); pdsh-style host tags are not taken, since
    # `ValueError: ` has the same shape
    r"| *\d{1,5}: "
    # a markdown quote, as lines copied into issue threads are
    r"|> ?"
    r")"
)
# Characters a copy from a web page or a Windows editor adds that print as nothing: a byte-order mark at the start of a
# file, zero-width spaces and joiners. Dropped; and a line with any other non-ASCII character is read in Unicode's
# compatibility form (NFKC): a no-break or ideographic space is a space, a full-width `：` or `（` is `:` or `(`.
INVISIBLE = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060"))
RAY_SUFFIX = re.compile(r"\s*\[repeated \d+x across cluster\]\s*$")
# SGLang's own prefix anywhere in a line: after a foreign logger's prefix, or glued after a tqdm bar.
SGL_PREFIX_INNER = re.compile(r"\[(?:(?:\d{4}-)?\d\d-\d\d )?\d\d:\d\d:\d\d(?:[.,]\d+)?(?: [A-Z_]+\d+)*\] ")

# An exception line quoted in an issue thread's prose or markdown (`KeyError: 'x'`, **KeyError: 'x'**): the quote.
QUOTED_EXCEPTION = re.compile(r"(`+|\*\*)((?:[A-Za-z_][\w.]*)?(?:Error|Exception)(?::.*?)?)\1(?![\w`*])")


# A traceback held in one structured record (a JSON log formatter's "message", a log store's export of it): its
# newlines and quotes escaped (`Traceback (most recent call last):\n  File \"/x.py\", line 3`). Only such a record is
# split, at its escaped newlines: elsewhere a `\n` is text SGLang printed (a stop string in its arguments).
ESCAPED_TRACEBACK = re.compile(r'Traceback \(most recent call last\):\\n|\\n\s+File \\"')
_ESCAPES = re.compile(r'\\(["\\/t])')


# A request as SGLang's request logger records it (`--log-requests`: `Receive: obj=GenerateReqInput(text='...')`,
# `Receive OpenAI: obj=...`, `Finish: obj=..., out={...}`, every string in it a repr on one line; with
# `--log-requests-format json`, an object whose "event" is `request.received` / `request.finished`): the user's prompt
# and the model's answer, which may quote any error, traceback or SGLang line. Data, never an event of this server.
REQUEST_RECORD = re.compile(r'(?:^|\] |: "?)(?:Receive(?: OpenAI)?|Finish): obj=|"event": "request\.\w+"')


def unescape_lines(text: str) -> list[str] | None:
    """The lines of a record whose traceback is escaped in one string, else None."""
    if "\\n" not in text or ESCAPED_TRACEBACK.search(text) is None:
        return None
    return [_ESCAPES.sub(lambda m: "\t" if m.group(1) == "t" else m.group(1), p) for p in text.split("\\n")]


def decode(line: str | bytes | bytearray) -> str:
    """Bytes from a pipe may be cut mid-character or not UTF-8 at all; never fail on them."""
    if isinstance(line, str):
        return line
    return bytes(line).decode("utf-8", "replace")


def strip_wrappers(text: str) -> str:
    """Remove docker/Kubernetes/Ray/journald/cloud prefixes (nested ones too) and Ray's repeat suffix."""
    for _ in range(4):
        m = WRAPPER.match(text)
        if not m or not m.end():
            break
        text = text[m.end() :]
    if text.endswith("cluster]"):
        text = RAY_SUFFIX.sub("", text)
    return text


def normalise(line: str | bytes, carrier: Carrier | None = None) -> list[str]:
    """One physical line -> the logical lines in it, clean of wrappers, colour and progress-bar redraws.

    tqdm redraws with carriage returns: each redraw becomes a logical line, in order (the last 64 of them);
    a log line glued to the end of a bar, or a foreign logger's prefix in front of SGLang's, is split off
    at SGLang's own prefix. A `carrier` learns a wrapper no pattern lists from the log itself and strips it.
    """
    text = decode(line)
    if "\x00" in text:
        text = text.replace("\x00", "")
    text = text.rstrip()  # the newline, and the padding a terminal copy leaves after `AssertionError`
    if "\x1b" in text:
        text = ANSI.sub("", text).rstrip()
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text.translate(INVISIBLE)).rstrip()
    if "obj" in text and REQUEST_RECORD.search(text, 0, 300) is not None:
        return []  # a logged request's content: read as nothing (and never split at its escaped newlines)
    if "\\n" in text and (pieces := unescape_lines(text)) is not None:
        return [out for piece in pieces for out in normalise(piece, carrier)]
    if len(text) > MAX_LINE:
        text = text[:MAX_LINE]
    if "\r" in text:
        # every redraw, in order (progress), the last one possibly with a log line glued after the bar
        parts = [p for p in text.split("\r") if p.strip()][-MAX_REDRAWS:]
        text = parts.pop() if parts else ""
        out = [strip_wrappers(p) for p in parts]
    else:
        out = []
    text = strip_wrappers(text)
    if carrier is not None:
        text = carrier.strip(text)
    m = SGL_PREFIX_INNER.search(text, 1)
    if carrier is not None:
        carrier.propose(text, m.start() if m is not None else -1)
    while m is not None:
        head = text[: m.start()].rstrip()
        if head:
            out.append(strip_wrappers(head))
        text = text[m.start() :]
        m = SGL_PREFIX_INNER.search(text, 1)
    if "`" in text or "**" in text:
        m = QUOTED_EXCEPTION.search(text)
        if m is not None:
            text = m.group(2)
    out.append(text)
    return out

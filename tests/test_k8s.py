"""`safelaunch k8s` and `safelaunch slurm`: the files that run a group under Kubernetes (LeaderWorkerSet) and Slurm.

The manifest is validated against the LeaderWorkerSet CRD's own published schema (tests/fixtures/lws/README.md
says where it comes from), which embeds Kubernetes' PodSpec; the sbatch script is checked by `bash -n` here and
run under a real one-host Slurm in test_slurm.py, and what each node would read from Slurm's and LWS's
environment goes through the same parser `serve` uses.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from safelaunch.core.group import expand_nodelist, from_sources
from safelaunch.errors import ConfigError
from tests.conftest import FIXTURES, run_cli

MODEL = "deepseek-ai/DeepSeek-V3"


def strict(schema: Any) -> Any:
    """Objects that list their properties accept no others, as `kubectl apply --validate=strict` does."""
    if isinstance(schema, list):
        return [strict(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: (strict(v) if k != "properties" else {p: strict(s) for p, s in v.items()}) for k, v in schema.items()}
    open_ended = "additionalProperties" in out or out.get("x-kubernetes-preserve-unknown-fields")
    if "properties" in out and not open_ended:
        out["additionalProperties"] = False
    return out


@pytest.fixture(scope="module")
def lws_schema() -> dict:
    return strict(json.loads((FIXTURES / "lws" / "leaderworkerset-v1.schema.json").read_text()))


def manifest(*args: str) -> list[dict]:
    res = run_cli("k8s", MODEL, *args)
    assert res.returncode == 0, res.stderr
    return [d for d in yaml.safe_load_all(res.stdout) if d]


def test_the_manifest_is_a_valid_leaderworkerset(lws_schema: dict) -> None:
    lws, service = manifest("--nodes", "2", "--gpus-per-node", "8", "--image", "reg.example/sglang-safelaunch:1")
    jsonschema.validate(lws, lws_schema)
    assert (lws["apiVersion"], lws["kind"]) == ("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet")
    tmpl = lws["spec"]["leaderWorkerTemplate"]
    assert tmpl["size"] == 2 and tmpl["restartPolicy"] == "RecreateGroupOnPodRestart"
    for role in ("leaderTemplate", "workerTemplate"):
        pod = tmpl[role]["spec"]
        (c,) = pod["containers"]
        assert c["image"] == "reg.example/sglang-safelaunch:1"
        assert c["command"][:5] == ["python3", "-m", "safelaunch", "serve", MODEL]  # safelaunch is the entrypoint
        assert c["resources"]["limits"]["nvidia.com/gpu"] == "8"
        assert {"mountPath": "/dev/shm", "name": "dshm"} in c["volumeMounts"]
        assert {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "64Gi"}} in pod["volumes"]
        store = next(e for e in c["env"] if e["name"] == "SAFELAUNCH_STORE_URL")
        assert store == {
            "name": "SAFELAUNCH_STORE_URL",
            "valueFrom": {"secretKeyRef": {"name": "safelaunch-store", "key": "url"}},
        }
    leader = tmpl["leaderTemplate"]["spec"]["containers"][0]
    assert leader["readinessProbe"]["httpGet"] == {"path": "/health", "port": 30000}
    assert "readinessProbe" not in tmpl["workerTemplate"]["spec"]["containers"][0]  # only node 0 serves HTTP
    name = lws["metadata"]["name"]
    assert service["spec"]["selector"] == {"leaderworkerset.sigs.k8s.io/name": name, "role": "leader"}


def test_the_schema_check_can_fail(lws_schema: dict) -> None:
    lws, _ = manifest("--nodes", "4", "--store-secret", "fleet-db")
    jsonschema.validate(lws, lws_schema)
    bad = json.loads(json.dumps(lws))
    bad["spec"]["leaderWorkerTemplate"]["restartPolicy"] = "RestartGroupSometimes"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, lws_schema)
    typo = json.loads(json.dumps(lws))
    typo["spec"]["leaderWorkerTemplate"]["leaderTemplate"]["spec"]["containers"][0]["comand"] = ["x"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(typo, lws_schema)


def test_what_a_pod_reads_from_lws_is_its_place_in_the_group() -> None:
    lws, _ = manifest("--nodes", "3")
    name = lws["metadata"]["name"]
    env = {"LWS_LEADER_ADDRESS": f"{name}-0.{name}.default", "LWS_GROUP_SIZE": "3", "LWS_WORKER_INDEX": "2"}
    spec = from_sources(env)
    assert spec is not None and (spec.nnodes, spec.node_rank, spec.source) == (3, 2, "lws")
    assert spec.dist_init_addr == f"{name}-0.{name}.default:20000"
    assert spec.group_id == f"lws-{name}-0"  # one id per group replica, the same on every pod of it


@pytest.mark.parametrize("args", [["--nodes", "1"], ["--nodes", "2", "--name", "Bad_Name"]])
def test_bad_k8s_input_is_one_line(args: list[str]) -> None:
    res = run_cli("k8s", MODEL, *args)
    assert res.returncode != 0 and len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.stderr


def test_the_sbatch_script_runs_one_safelaunch_task_per_node(tmp_path: Path) -> None:
    out = tmp_path / "group.sbatch"
    res = run_cli("slurm", "my org/model;rm -rf /", "--nodes", "4", "--partition", "gpu", "-o", str(out))
    assert res.returncode == 0, res.stderr
    text = out.read_text()
    assert "#SBATCH --nodes=4" in text and "#SBATCH --ntasks-per-node=1" in text
    assert "#SBATCH --gpus-per-node=8" in text and "#SBATCH --partition=gpu" in text
    srun = next(line for line in text.splitlines() if line.startswith("srun "))
    assert "--ntasks=4" in srun and "--kill-on-bad-exit=1" in srun
    assert "safelaunch serve 'my org/model;rm -rf /' " in srun  # input is quoted, never run
    bash = shutil.which("bash")
    assert bash is not None
    check = subprocess.run([bash, "-n", str(out)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


def test_what_a_task_reads_from_slurm_is_its_place_in_the_group() -> None:
    env = {"SLURM_JOB_NODELIST": "gpu[07-08,11],gpu-b", "SLURM_NNODES": "4", "SLURM_NODEID": "3", "SLURM_JOB_ID": "99"}
    spec = from_sources(env)
    assert spec is not None and (spec.nnodes, spec.node_rank, spec.dist_init_addr) == (4, 3, "gpu07:20000")
    assert spec.group_id == "slurm-99"
    assert from_sources({**env, "SLURM_NODEID": "0"}, dist_init_addr="10.0.0.7:5000").dist_init_addr == "10.0.0.7:5000"
    assert expand_nodelist("n[1-3],x[08-10]") == ["n1", "n2", "n3", "x08", "x09", "x10"]
    with pytest.raises(ConfigError):
        expand_nodelist("n[1-")
    with pytest.raises(ConfigError):
        from_sources({**env, "SLURM_NODEID": "7"})

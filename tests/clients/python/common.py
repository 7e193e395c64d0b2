"""What every script shares: a client configured from $KUBECONFIG (the vitest side writes it), the Job they
create, and `check`, which prints one line per check: `ok <check>` or `FAIL <check>: <why>`."""

import json
import os
import time

from kubernetes import client, config
from kubernetes.client.exceptions import ApiException

GROUP, VERSION, NAMESPACE, PLURAL = "nodus.dev", "v1", "default", "jobs"


def api_client():
    config.load_kube_config(config_file=os.environ["KUBECONFIG"])
    return client.ApiClient()


def job(name, labels=None):
    return {
        "apiVersion": "nodus.dev/v1",
        "kind": "Job",
        "metadata": {"name": name, "labels": labels or {}},
        "spec": {"image": "nodus/pytorch:2.8-cuda12.8", "command": ["python", "train.py"], "maxCostUSD": "40.00"},
    }


def why(error):
    if isinstance(error, ApiException):
        return f"ApiException {error.status} {error.reason}: {error.body}"
    return f"{type(error).__name__}: {error}"


def check(name, fn):
    """Runs one check; a failed one does not stop the ones after it."""
    try:
        fn()
        print(f"ok {name}", flush=True)
    except Exception as error:  # every failure is reported, whatever raised it
        print(f"FAIL {name}: {why(error)}".replace("\n", " "), flush=True)


def expect(actual, expected, what):
    if actual != expected:
        raise AssertionError(f"{what}: expected {json.dumps(expected)}, got {json.dumps(actual)}")


def until_gone(read, timeout=10.0):
    """Waits for a deleted object to go (its finalizers run first); a 404 is the condition awaited."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            read()
        except ApiException as error:
            if error.status == 404:
                return
            raise
        time.sleep(0.05)
    raise AssertionError(f"still there after {timeout}s")

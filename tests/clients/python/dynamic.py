"""The dynamic client: discovery of nodus.dev/v1 Job, then create, get, list by label, merge patch and delete, and a
delete of the Jobs a label selector picks (one request: DELETE of the collection)."""

import os

from kubernetes.dynamic import DynamicClient

from common import NAMESPACE, api_client, check, expect, job, until_gone

dyn = DynamicClient(api_client(), cache_file=os.path.join(os.environ["CLIENTS_TMP"], "dynamic-discovery.json"))
state = {}


def discover():
    state["jobs"] = dyn.resources.get(api_version="nodus.dev/v1", kind="Job")
    expect(state["jobs"].namespaced, True, "Job is namespaced")
    expect(state["jobs"].name, "jobs", "the plural")


def create():
    made = state["jobs"].create(body=job("py-dynamic", {"suite": "py-dynamic"}), namespace=NAMESPACE)
    expect(made.metadata.name, "py-dynamic", "the created name")
    expect(made.metadata.labels["suite"], "py-dynamic", "the created label")


def get():
    got = state["jobs"].get(name="py-dynamic", namespace=NAMESPACE)
    expect(got.spec.image, "nodus/pytorch:2.8-cuda12.8", "spec.image read back")


def list_by_label():
    listed = state["jobs"].get(namespace=NAMESPACE, label_selector="suite=py-dynamic")
    expect([item.metadata.name for item in listed.items], ["py-dynamic"], "the names listed")
    none = state["jobs"].get(namespace=NAMESPACE, label_selector="suite=nobody")
    expect(len(none.items), 0, "items for a selector nothing matches")


def patch_merge():
    patched = state["jobs"].patch(
        name="py-dynamic",
        namespace=NAMESPACE,
        body={"metadata": {"labels": {"patched": "yes"}}},
        content_type="application/merge-patch+json",
    )
    labels = dict(patched.metadata.labels)
    expect((labels.get("suite"), labels.get("patched")), ("py-dynamic", "yes"), "labels after the patch")


def delete():
    state["jobs"].delete(name="py-dynamic", namespace=NAMESPACE)
    until_gone(lambda: state["jobs"].get(name="py-dynamic", namespace=NAMESPACE))


def delete_by_label():
    for name, suite in (("py-sel-a", "py-sel"), ("py-sel-b", "py-sel"), ("py-sel-kept", "py-kept")):
        state["jobs"].create(body=job(name, {"suite": suite}), namespace=NAMESPACE)
    deleted = state["jobs"].delete(namespace=NAMESPACE, label_selector="suite=py-sel")
    expect(deleted.kind, "JobList", "the answer's kind")
    expect([item.metadata.name for item in deleted.items], ["py-sel-a", "py-sel-b"], "the names deleted")
    for name in ("py-sel-a", "py-sel-b"):
        until_gone(lambda: state["jobs"].get(name=name, namespace=NAMESPACE))
    kept = state["jobs"].get(name="py-sel-kept", namespace=NAMESPACE)
    expect(kept.metadata.deletionTimestamp, None, "the deletionTimestamp of a Job the selector left out")


check("discovers nodus.dev/v1 Job", discover)
check("creates a Job from a dict", create)
check("gets it", get)
check("lists it by label selector", list_by_label)
check("merge-patches its labels", patch_merge)
check("deletes it", delete)
check("deletes the Jobs a label selector picks, in one request", delete_by_label)

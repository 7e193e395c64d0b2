"""CustomObjectsApi: create, get, list, patch and delete namespaced nodus.dev objects, and delete a collection."""

from kubernetes import client

from common import GROUP, NAMESPACE, PLURAL, VERSION, api_client, check, expect, job, until_gone

api = client.CustomObjectsApi(api_client())
core = client.CoreV1Api(api_client())
where = dict(group=GROUP, version=VERSION, namespace=NAMESPACE, plural=PLURAL)


def create():
    made = api.create_namespaced_custom_object(body=job("py-custom", {"suite": "py-custom"}), **where)
    expect(made["kind"], "Job", "kind")
    expect(made["metadata"]["name"], "py-custom", "name")


def get():
    got = api.get_namespaced_custom_object(name="py-custom", **where)
    expect(got["spec"]["maxCostUSD"], "40.00", "spec.maxCostUSD read back")


def list_objects():
    listed = api.list_namespaced_custom_object(label_selector="suite=py-custom", **where)
    expect(listed["kind"], "JobList", "the list's kind")
    expect([item["metadata"]["name"] for item in listed["items"]], ["py-custom"], "the names listed")


def patch():
    # This client version sends a dict patch as application/merge-patch+json.
    patched = api.patch_namespaced_custom_object(
        name="py-custom", body={"metadata": {"annotations": {"reviewed": "yes"}}}, **where
    )
    expect(patched["metadata"]["annotations"].get("reviewed"), "yes", "the patched annotation")


def delete():
    api.delete_namespaced_custom_object(name="py-custom", **where)
    until_gone(lambda: api.get_namespaced_custom_object(name="py-custom", **where))


def delete_orphaning():
    # The client sends orphan_dependents as the query's orphanDependents=True, spelt as Python spells it.
    api.create_namespaced_custom_object(body=job("py-orphan"), **where)
    api.delete_namespaced_custom_object(name="py-orphan", orphan_dependents=True, **where)
    until_gone(lambda: api.get_namespaced_custom_object(name="py-orphan", **where))


def delete_collection():
    # This client version's delete_collection takes no label_selector (dynamic.py selects); a project of its own
    # keeps the delete of everything in it from touching the other scripts' objects.
    project = dict(where, namespace="py-collection")
    core.create_namespace(body={"metadata": {"name": "py-collection"}})
    for name in ("py-col-a", "py-col-b"):
        api.create_namespaced_custom_object(body=job(name), **project)
    deleted = api.delete_collection_namespaced_custom_object(
        body=client.V1DeleteOptions(propagation_policy="Foreground"), **project
    )
    expect(deleted["kind"], "JobList", "the answer's kind")
    expect([item["metadata"]["name"] for item in deleted["items"]], ["py-col-a", "py-col-b"], "the names deleted")
    for name in ("py-col-a", "py-col-b"):
        until_gone(lambda: api.get_namespaced_custom_object(name=name, **project))


check("creates a namespaced custom object", create)
check("gets it", get)
check("lists it by label selector", list_objects)
check("patches it", patch)
check("deletes it", delete)
check("deletes with orphan_dependents=True", delete_orphaning)
check("deletes a collection with delete_collection_namespaced_custom_object", delete_collection)

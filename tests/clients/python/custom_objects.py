"""CustomObjectsApi: create, get, list, patch and delete namespaced nodus.dev objects."""

from kubernetes import client

from common import GROUP, NAMESPACE, PLURAL, VERSION, api_client, check, expect, job, until_gone

api = client.CustomObjectsApi(api_client())
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


check("creates a namespaced custom object", create)
check("gets it", get)
check("lists it by label selector", list_objects)
check("patches it", patch)
check("deletes it", delete)

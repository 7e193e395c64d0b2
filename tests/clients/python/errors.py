"""Refusals surface as ApiException carrying the Status body: 409 AlreadyExists and Conflict, 422 Invalid."""

import json

from kubernetes import client
from kubernetes.client.exceptions import ApiException

from common import GROUP, NAMESPACE, PLURAL, VERSION, api_client, check, expect, job

api = client.CustomObjectsApi(api_client())
where = dict(group=GROUP, version=VERSION, namespace=NAMESPACE, plural=PLURAL)


def refused(call):
    """The Status of the ApiException `call` raises, checked for what every Nodus Status carries."""
    try:
        call()
    except ApiException as error:
        status = json.loads(error.body)
        expect(status["code"], error.status, "the Status code")
        for field in ("message", "fix", "requestId"):
            if not status.get(field):
                raise AssertionError(f"the Status has no {field}: {error.body}")
        return status
    raise AssertionError("no ApiException")


def already_exists():
    api.create_namespaced_custom_object(body=job("py-errors"), **where)
    # The same spec again would get the existing object back (a create is idempotent); another spec is refused.
    other = job("py-errors")
    other["spec"]["maxCostUSD"] = "41.00"
    status = refused(lambda: api.create_namespaced_custom_object(body=other, **where))
    expect((status["code"], status["reason"]), (409, "AlreadyExists"), "code and reason")


def conflict():
    stale = api.get_namespaced_custom_object(name="py-errors", **where)
    api.patch_namespaced_custom_object(name="py-errors", body={"metadata": {"labels": {"v": "2"}}}, **where)
    stale["metadata"].setdefault("labels", {})["v"] = "stale"
    status = refused(lambda: api.replace_namespaced_custom_object(name="py-errors", body=stale, **where))
    expect((status["code"], status["reason"]), (409, "Conflict"), "code and reason")


def invalid():
    bad = job("py-invalid")
    bad["spec"]["maxCostUSD"] = "lots"
    status = refused(lambda: api.create_namespaced_custom_object(body=bad, **where))
    expect((status["code"], status["reason"]), (422, "Invalid"), "code and reason")
    fields = [cause.get("field") for cause in status["details"]["causes"]]
    expect(fields, ["spec.maxCostUSD"], "the fields named")


check("a second create is 409 AlreadyExists with its Status", already_exists)
check("a stale replace is 409 Conflict with its Status", conflict)
check("an invalid object is 422 Invalid with its Status", invalid)
api.delete_namespaced_custom_object(name="py-errors", **where)

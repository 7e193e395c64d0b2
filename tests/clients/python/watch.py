"""watch.Watch over CustomObjectsApi: resume from a resource_version with allow_watch_bookmarks=True. It must see
ADDED, MODIFIED, DELETED and a BOOKMARK, and end when its timeout_seconds runs out rather than list in a loop."""

import time

from kubernetes import client, watch

from common import GROUP, NAMESPACE, PLURAL, VERSION, api_client, check, expect, job, until_gone

api = client.CustomObjectsApi(api_client())
where = dict(group=GROUP, version=VERSION, namespace=NAMESPACE, plural=PLURAL)
state = {}
TIMEOUT = 2


def write_then_watch():
    state["from"] = api.list_namespaced_custom_object(**where)["metadata"]["resourceVersion"]
    api.create_namespaced_custom_object(body=job("py-watch", {"suite": "py-watch"}), **where)
    api.patch_namespaced_custom_object(name="py-watch", body={"metadata": {"labels": {"step": "2"}}}, **where)
    api.delete_namespaced_custom_object(name="py-watch", **where)
    until_gone(lambda: api.get_namespaced_custom_object(name="py-watch", **where))
    w = watch.Watch()
    started = time.monotonic()
    state["events"] = list(
        w.stream(
            api.list_namespaced_custom_object,
            label_selector="suite=py-watch",
            resource_version=state["from"],
            allow_watch_bookmarks=True,
            timeout_seconds=TIMEOUT,
            **where,
        )
    )
    state["seconds"] = time.monotonic() - started
    state["last_event_at"] = w.resource_version


def types():
    return [event["type"] for event in state["events"]]


def sees_changes():
    seen = [t for t in types() if t != "BOOKMARK"]
    expect(seen[0], "ADDED", "the first event")
    expect(seen[-1], "DELETED", "the last change")
    if "MODIFIED" not in seen:
        raise AssertionError(f"no MODIFIED among {seen}")
    names = {event["object"]["metadata"]["name"] for event in state["events"] if event["type"] != "BOOKMARK"}
    expect(sorted(names), ["py-watch"], "the objects the events are about")


def sees_bookmark():
    bookmarks = [event for event in state["events"] if event["type"] == "BOOKMARK"]
    if not bookmarks:
        raise AssertionError(f"no BOOKMARK among {types()}")
    # This client version keeps resource_version from object events only, so the bookmark's is taken by hand.
    state["resume_at"] = bookmarks[-1]["raw_object"]["metadata"]["resourceVersion"]
    if int(state["resume_at"]) < int(state["last_event_at"]):
        raise AssertionError(f"bookmark {state['resume_at']} is behind the last event, {state['last_event_at']}")


def ends_by_timeout():
    # A watch answered with a list would have ended at once (and, without a timeout, listed again and again).
    if not TIMEOUT - 0.5 <= state["seconds"] <= TIMEOUT + 3:
        raise AssertionError(f"ended after {state['seconds']:.2f}s, not about {TIMEOUT}s")


def resumes_where_it_stopped():
    api.create_namespaced_custom_object(body=job("py-watch-2", {"suite": "py-watch"}), **where)
    w = watch.Watch()
    for event in w.stream(
        api.list_namespaced_custom_object,
        label_selector="suite=py-watch",
        resource_version=state["resume_at"],
        timeout_seconds=TIMEOUT,
        **where,
    ):
        expect((event["type"], event["object"]["metadata"]["name"]), ("ADDED", "py-watch-2"), "the first event")
        w.stop()
    api.delete_namespaced_custom_object(name="py-watch-2", **where)


check("watches from a resource_version with bookmarks", write_then_watch)
check("sees ADDED, MODIFIED and DELETED", sees_changes)
check("sees a BOOKMARK and resumes from it", sees_bookmark)
check("ends when timeout_seconds runs out", ends_by_timeout)
check("a second watch resumes where the first stopped", resumes_where_it_stopped)

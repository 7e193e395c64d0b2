/**
 * The official Python client (Debian's python3-kubernetes) against the mock: the dynamic client, CustomObjectsApi,
 * watch.Watch with resume and bookmarks, and refusals as ApiException. Each script prints one line per check; each
 * check here is one assertion, and a failed one reads as the script's reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withClients } from './harness.ts';

const clients = withClients();

const SCRIPTS: Record<string, string[]> = {
  'dynamic.py': [
    'discovers nodus.dev/v1 Job',
    'creates a Job from a dict',
    'gets it',
    'lists it by label selector',
    'merge-patches its labels',
    'deletes it',
    'deletes the Jobs a label selector picks, in one request',
  ],
  'custom_objects.py': [
    'creates a namespaced custom object',
    'gets it',
    'lists it by label selector',
    'patches it',
    'deletes it',
    'deletes with orphan_dependents=True',
    'deletes a collection with delete_collection_namespaced_custom_object',
  ],
  'watch.py': [
    'watches from a resource_version with bookmarks',
    'sees ADDED, MODIFIED and DELETED',
    'sees a BOOKMARK and resumes from it',
    'ends when timeout_seconds runs out',
    'a second watch resumes where the first stopped',
  ],
  'errors.py': [
    'a second create is 409 AlreadyExists with its Status',
    'a stale replace is 409 Conflict with its Status',
    'an invalid object is 422 Invalid with its Status',
  ],
};

describe.each(Object.entries(SCRIPTS))('python %s', (script, checks) => {
  let found = new Map<string, string>();
  beforeAll(async () => {
    found = await clients.python(script);
  });

  it.each(checks)('%s', (check) => {
    expect(found.get(check) ?? `not printed; the script said ${JSON.stringify([...found])}`).toBe('ok');
  });

  it('prints no check this file does not name, and finishes', () => {
    expect([...found.keys()].filter((name) => !checks.includes(name))).toEqual([]);
  });
});

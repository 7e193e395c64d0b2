/** Reading Events in the contract tests: an object's events in the order they happened, and waiting for one. */
import { expect } from 'vitest';
import type { NodusEvent } from '@/shared/events.ts';
import type { ObjectList } from '@/shared/protocol.ts';
import type { Api } from './harness.ts';

export const EVENTS = (project: string) => `/apis/events.k8s.io/v1/namespaces/${project}/events`;
export const CORE_EVENTS = (project: string) => `/api/v1/namespaces/${project}/events`;

/** An object's events (by name, and kind when given), oldest first. */
export async function eventsOf(api: Api, project: string, name: string, kind?: string): Promise<NodusEvent[]> {
  const selector = `regarding.name=${name}${kind ? `,regarding.kind=${kind}` : ''}`;
  const res = await api.get<ObjectList<NodusEvent>>(`${EVENTS(project)}?fieldSelector=${encodeURIComponent(selector)}`);
  expect(res.status, res.text).toBe(200);
  return [...res.body.items].sort((a, b) => a.eventTime.localeCompare(b.eventTime));
}

export const reasons = (events: NodusEvent[]) => events.map((e) => e.reason);

/** Waits until the object has an event with this reason, and returns it. */
export async function eventFor(
  api: Api,
  project: string,
  name: string,
  reason: string,
  timeout = 10_000,
): Promise<NodusEvent> {
  let found: NodusEvent | undefined;
  await expect
    .poll(
      async () => {
        found = (await eventsOf(api, project, name)).find((e) => e.reason === reason);
        return found !== undefined;
      },
      { timeout, message: `no ${reason} event for ${name}` },
    )
    .toBe(true);
  return found!;
}

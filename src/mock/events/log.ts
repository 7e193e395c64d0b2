/**
 * The index of the stored Events of one server: which event a repeat belongs to (Kubernetes' event correlator:
 * the same object, reason, type, reporter and note within 10 minutes counts in `series`), how many each project
 * holds (past the bound the least recently seen go), and when each expires. Events live in the store like any
 * object (versions, watches, the journal); this keeps what it needs to decide cheaply, in step with the store.
 */
import { EVENTS_PLURAL, type EventType } from '@/shared/events.ts';
import type { MockState } from '../state.ts';
import type { Change } from '../store/store.ts';
import { lastObserved, newEvent, repeated, type Actor, type EventInit, type StoredEvent } from './shape.ts';

/** Repeats further apart than this start a new event, as Kubernetes' correlator does. */
export const CORRELATION_MS = 10 * 60 * 1000;
/** Past this many events of one object and reason with different notes in the window, they are combined. */
export const SIMILAR_LIMIT = 10;
export const COMBINED = '(combined from similar events): ';

interface Entry {
  name: string;
  namespace: string;
  key: string;
  count: number;
  /** When it was last observed (ms): what its expiry and its place in the project's order go by. */
  last: number;
}

/** What identifies a repeat (correlation) and a similar event (aggregation, without the note). */
function similarKey(
  e: { regarding: { uid?: string; kind: string; name: string }; reason: string; type: string },
  controller: string,
): string {
  return [e.regarding.uid ?? `${e.regarding.kind}/${e.regarding.name}`, e.reason, e.type, controller].join('\n');
}

function keyOf(event: StoredEvent): string {
  const similar = similarKey(event, event.reportingController);
  return event.note.startsWith(COMBINED) ? `${similar}\n${COMBINED}` : `${similar}\n${event.note}`;
}

export interface Observation extends Omit<EventInit, 'name' | 'uid'> {
  type: EventType;
  /** A series already under way (the demo history): `count` times, the first at `since`, the last at `at`. */
  series?: { count: number; since: number };
}

export class EventLog {
  private readonly projects = new Map<string, Map<string, Entry>>();
  private readonly byKey = new Map<string, Entry>();
  private readonly similar = new Map<string, { count: number; since: number }>();
  private readonly unsubscribe: () => void;

  constructor(private readonly state: MockState) {
    const events = state.store.list(EVENTS_PLURAL) as StoredEvent[];
    events.sort((a, b) => lastObserved(a) - lastObserved(b));
    for (const event of events) this.index(event);
    this.unsubscribe = state.store.subscribe((change) => this.onChange(change));
  }

  /** Records that something happened: a new event, or one more of a recent one. */
  observe(o: Observation): void {
    let key = `${similarKey(o, o.controller)}\n${o.note}`;
    let note = o.note;
    if (this.repeat(key, o.at, o.actor, note)) return;
    const simKey = similarKey(o, o.controller);
    let similar = this.similar.get(simKey);
    if (!similar || o.at - similar.since > CORRELATION_MS)
      this.similar.set(simKey, (similar = { count: 0, since: o.at }));
    if (++similar.count > SIMILAR_LIMIT) {
      note = `${COMBINED}${o.note}`;
      key = `${simKey}\n${COMBINED}`;
      if (this.repeat(key, o.at, o.actor, note)) return;
    }
    const namespace = o.regarding.namespace ?? '';
    const name = this.nameFor(namespace, o.regarding.name, o.series?.since ?? o.at);
    const first = o.series ? { ...o, at: o.series.since } : o;
    const made = newEvent({ ...first, note, name, uid: this.state.newUid('evt') });
    const event = o.series && o.series.count > 1 ? repeated(made, o.series.count, o.at, o.actor) : made;
    this.state.store.put(EVENTS_PLURAL, event);
    this.bound(namespace);
  }

  /** Deletes the events whose last observation is older than the TTL; returns how many. */
  expire(now = this.state.now()): number {
    const oldest = now - this.state.config.eventTtlSeconds * 1000;
    let removed = 0;
    // Each project's entries are in the order they were last observed: the expired ones come first.
    for (const [namespace, entries] of this.projects) {
      for (const entry of entries.values()) {
        if (entry.last > oldest) break;
        this.state.store.remove(EVENTS_PLURAL, namespace, entry.name);
        removed++;
      }
    }
    for (const [key, similar] of this.similar) if (now - similar.since > CORRELATION_MS) this.similar.delete(key);
    return removed;
  }

  /** A project that is gone takes its events with it. */
  dropProject(namespace: string): void {
    for (const entry of [...(this.projects.get(namespace)?.values() ?? [])])
      this.state.store.remove(EVENTS_PLURAL, namespace, entry.name);
  }

  count(namespace: string): number {
    return this.projects.get(namespace)?.size ?? 0;
  }

  close(): void {
    this.unsubscribe();
  }

  /**
   * Counts a repeat of the event under `key`, if there is a recent one: written at once (a MODIFIED watch event),
   * so that nothing but the controller and expiry writes in the background.
   */
  private repeat(key: string, at: number, actor: Actor | undefined, note: string): boolean {
    const entry = this.byKey.get(key);
    if (!entry || at - entry.last > CORRELATION_MS) return false;
    const current = this.state.store.get(EVENTS_PLURAL, entry.namespace, entry.name) as StoredEvent | undefined;
    if (!current) return false;
    entry.count++;
    entry.last = Math.max(entry.last, at);
    const entries = this.projects.get(entry.namespace)!;
    entries.delete(entry.name);
    entries.set(entry.name, entry);
    const next: StoredEvent = { ...repeated(current, entry.count, entry.last, actor), note };
    this.state.store.put(EVENTS_PLURAL, next);
    return true;
  }

  /** Kubernetes names an event after its object and the time in nanoseconds, in hex. */
  private nameFor(namespace: string, object: string, at: number): string {
    let nanos = BigInt(Math.round(at)) * 1_000_000n;
    while (this.projects.get(namespace)?.has(`${object}.${nanos.toString(16)}`)) nanos++;
    return `${object}.${nanos.toString(16)}`;
  }

  /** The least recently observed go first once a project holds more than its bound. */
  private bound(namespace: string): void {
    const entries = this.projects.get(namespace);
    const limit = this.state.config.eventsPerProject;
    while (entries && entries.size > limit) {
      const oldest = entries.values().next().value!;
      this.state.store.remove(EVENTS_PLURAL, namespace, oldest.name);
    }
  }

  private onChange(change: Change): void {
    if (change.resource !== EVENTS_PLURAL) return;
    if (change.type === 'DELETED') this.unindex(change.namespace, change.object.metadata.name ?? '');
    else this.index(change.object as StoredEvent);
  }

  private index(event: StoredEvent): void {
    const namespace = event.metadata.namespace ?? '';
    const name = event.metadata.name ?? '';
    let entries = this.projects.get(namespace);
    if (!entries) this.projects.set(namespace, (entries = new Map()));
    const known = entries.get(name);
    if (known) {
      known.count = Math.max(known.count, event.series?.count ?? 1);
      return;
    }
    const entry: Entry = {
      name,
      namespace,
      key: keyOf(event),
      count: event.series?.count ?? 1,
      last: lastObserved(event),
    };
    entries.set(name, entry);
    this.byKey.set(entry.key, entry);
  }

  private unindex(namespace: string, name: string): void {
    const entries = this.projects.get(namespace);
    const entry = entries?.get(name);
    if (!entries || !entry) return;
    entries.delete(name);
    if (entries.size === 0) this.projects.delete(namespace);
    if (this.byKey.get(entry.key) === entry) this.byKey.delete(entry.key);
  }
}

const logs = new WeakMap<MockState, EventLog>();

/** The server's event log (kept by state, not in a global: tests run many servers in one process). */
export function eventLog(state: MockState): EventLog {
  let log = logs.get(state);
  if (!log) logs.set(state, (log = new EventLog(state)));
  return log;
}

/**
 * Deletes expired events now (after a restart, what expired while the mock was down) and then as they expire,
 * often enough that a TTL of seconds (tests) is kept to within a fraction of it. Returns a stop function.
 */
export function startEventExpiry(state: MockState): () => void {
  const log = eventLog(state);
  log.expire();
  const every = Math.min(30_000, Math.max(50, (state.config.eventTtlSeconds * 1000) / 10));
  const timer = setInterval(() => log.expire(), every);
  timer.unref();
  return () => {
    clearInterval(timer);
    log.close();
    logs.delete(state);
  };
}

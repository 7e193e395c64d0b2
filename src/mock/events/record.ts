/**
 * The one way anything in the mock records an Event: `record(state, {regarding, reason, note, ...})`. The write
 * paths pass the acting user and the request's id; the controller passes neither. Dry-runs call nothing here.
 * What each cause records, and with which reason, is in changes.ts and transitions.ts.
 */
import { CONTROLLER_API, CONTROLLER_LIFECYCLE, type EventType } from '@/shared/events.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import type { MockState } from '../state.ts';
import { eventLog } from './log.ts';
import { clipNote, referenceTo, type Actor } from './shape.ts';

export type { Actor } from './shape.ts';

export interface RecordInput {
  /** The object it happened to. */
  regarding: NodusObject;
  /** Why, in one CamelCase word. */
  reason: string;
  /** What happened, for a person. */
  note: string;
  /** Warning for what needs someone's attention; Normal by default. */
  type?: EventType;
  /** What was done (Create, Update, Delete, ...); the reason by default. */
  action?: string;
  /** The user whose request it was: a username, or the request's principal. */
  actor?: string | { username: string } | undefined;
  /** That request's X-Request-Id. */
  requestId?: string | undefined;
  /** A second object it involved (the Job a Pipeline started, the object whose charge crossed a Budget's threshold). */
  related?: NodusObject | undefined;
  /** Who reports it; the API when there is an actor, the controller otherwise. */
  controller?: string;
  /** When it happened (ms); now by default. The demo history backdates. */
  at?: number;
  /** The demo history only: it had already happened `count` times, the first at `since` (ms). */
  series?: { count: number; since: number };
}

function actorOf(input: RecordInput): Actor | undefined {
  if (input.actor === undefined) return undefined;
  const username = typeof input.actor === 'string' ? input.actor : input.actor.username;
  return { username, requestId: input.requestId };
}

export function record(state: MockState, input: RecordInput): void {
  const actor = actorOf(input);
  eventLog(state).observe({
    regarding: referenceTo(input.regarding),
    related: input.related ? referenceTo(input.related) : undefined,
    reason: input.reason,
    note: clipNote(input.note),
    type: input.type ?? 'Normal',
    action: input.action ?? input.reason,
    controller: input.controller ?? (actor ? CONTROLLER_API : CONTROLLER_LIFECYCLE),
    actor,
    at: input.at ?? state.now(),
    ...(input.series ? { series: input.series } : {}),
  });
}

/** A project that is gone takes its events with it. */
export function dropProjectEvents(state: MockState, namespace: string): void {
  eventLog(state).dropProject(namespace);
}

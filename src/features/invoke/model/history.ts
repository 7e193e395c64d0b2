/**
 * The invocations of this session, per Function, newest first and at most HISTORY_LIMIT, kept in
 * sessionStorage so a reload keeps them and closing the tab forgets them; and the request being written (the
 * draft), so a reload does not lose it. What storage holds is read back defensively: it may be from an older
 * console or edited by hand.
 */
import type { HeaderRow } from './request.ts';

export const HISTORY_LIMIT = 20;
/** A larger answer is kept cut to this many characters (storage is a few MB for every tab's Functions). */
export const KEPT_BODY_CHARS = 64 * 1024;

export interface RefusalView {
  code: number;
  reason: string;
  message: string;
  fix?: string;
  docs?: string;
  requestId?: string;
  causes?: { field?: string; reason?: string; message: string }[];
}

export type InvocationResult =
  | {
      kind: 'answer';
      status: number;
      statusText: string;
      headers: [string, string][];
      bodyText: string;
      truncated?: boolean;
      contentType?: string;
      invocationId: string;
      requestId?: string;
      durationMs?: number;
      chargedUSD?: string;
    }
  /** The API refused (a Status): the Function never saw the request. */
  | { kind: 'refused'; status: RefusalView }
  /** Cancelled, or the connection failed: no answer to show. */
  | { kind: 'cancelled' }
  | { kind: 'unreachable'; message: string };

export interface Invocation {
  id: string;
  sentAt: string;
  /** From Send to the whole answer, as the console saw it. */
  latencyMs: number;
  body: string;
  headers: HeaderRow[];
  result: InvocationResult;
}

export interface Draft {
  body: string;
  headers: HeaderRow[];
}

export function historyKey(project: string, name: string): string {
  return `nodus.invoke.history.${project}/${name}`;
}

export function draftKey(project: string, name: string): string {
  return `nodus.invoke.draft.${project}/${name}`;
}

function read(storage: Storage | undefined, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function write(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or unavailable (private mode): the session simply keeps less.
  }
}

function isRows(value: unknown): value is HeaderRow[] {
  return (
    Array.isArray(value) &&
    value.every((r) => typeof r === 'object' && r !== null && typeof r.name === 'string' && typeof r.value === 'string')
  );
}

function isInvocation(value: unknown): value is Invocation {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Invocation>;
  const kind = (v.result as { kind?: unknown } | undefined)?.kind;
  return (
    typeof v.id === 'string' &&
    typeof v.sentAt === 'string' &&
    typeof v.latencyMs === 'number' &&
    typeof v.body === 'string' &&
    isRows(v.headers) &&
    (kind === 'answer' || kind === 'refused' || kind === 'cancelled' || kind === 'unreachable')
  );
}

export function loadHistory(storage: Storage | undefined, project: string, name: string): Invocation[] {
  const value = read(storage, historyKey(project, name));
  return Array.isArray(value) ? value.filter(isInvocation).slice(0, HISTORY_LIMIT) : [];
}

/** The entry as kept: a long answer cut to KEPT_BODY_CHARS. */
function kept(entry: Invocation): Invocation {
  const r = entry.result;
  if (r.kind !== 'answer' || r.bodyText.length <= KEPT_BODY_CHARS) return entry;
  return { ...entry, result: { ...r, bodyText: r.bodyText.slice(0, KEPT_BODY_CHARS), truncated: true } };
}

/** Adds the newest first and drops the oldest past the limit; returns what is kept. */
export function addToHistory(
  storage: Storage | undefined,
  project: string,
  name: string,
  entry: Invocation,
): Invocation[] {
  const next = [kept(entry), ...loadHistory(storage, project, name).filter((e) => e.id !== entry.id)].slice(
    0,
    HISTORY_LIMIT,
  );
  write(storage, historyKey(project, name), next);
  return next;
}

export function clearHistory(storage: Storage | undefined, project: string, name: string): void {
  try {
    storage?.removeItem(historyKey(project, name));
  } catch {
    // nothing to clear
  }
}

export function loadDraft(storage: Storage | undefined, project: string, name: string): Draft | undefined {
  const value = read(storage, draftKey(project, name));
  if (typeof value !== 'object' || value === null) return undefined;
  const d = value as Partial<Draft>;
  return typeof d.body === 'string' && isRows(d.headers) ? { body: d.body, headers: d.headers } : undefined;
}

export function saveDraft(storage: Storage | undefined, project: string, name: string, draft: Draft): void {
  write(storage, draftKey(project, name), draft);
}

/** sessionStorage when the page may use it. */
export function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The log of one object at one moment, derived from time alone: line i is "written" at a fixed simulated offset
 * after status.startTime (header lines in quick succession, then the kind's pace with a little jitter), and real
 * time runs `speed` times slower than simulated time. Lines are produced by index on demand, so a log of millions
 * of lines costs nothing until it is read, and the same object (uid, startTime) always has the same log.
 * When the object has stopped, the log ends at its completion and closes with the kind's last words.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import { seedOf, unit } from './random.ts';
import { lastWords, scriptFor, type Ending, type Script, type Subject } from './scripts/index.ts';

/** Mock-only: a log with exactly this many lines once the object has finished (a label or an annotation). */
export const LOG_LINES_KEY = 'mock.nodus.dev/log-lines';
/** Like a container runtime rotating its files, only the newest lines are kept. */
export const RETAINED_LINES = 2_000_000;
/** Simulated seconds between header lines. */
const HEADER_GAP = 0.05;
/** Phases in which nothing has been written yet (Kubernetes: "waiting to start"). */
export const WAITING_PHASES: ReadonlySet<string> = new Set(['Queued', 'Pending', 'Provisioning', 'Starting']);

export type Life = 'waiting' | 'running' | 'ended';

export function lifeOf(obj: NodusObject): Life {
  const phase = obj.status?.phase;
  if (phase === 'Running') return 'running';
  return phase === undefined || WAITING_PHASES.has(phase) ? 'waiting' : 'ended';
}

/** What stays fixed while a log is read: the script (its header is built once) and the pace. */
export interface LogSource {
  subject: Subject;
  script: Script;
  speed: number;
  /** Exactly this many lines in all once finished (LOG_LINES_KEY). */
  pinned: number | undefined;
}

export function sourceFor(obj: NodusObject, speed: number): LogSource {
  const m = obj.metadata;
  const subject: Subject = {
    kind: obj.kind,
    namespace: m.namespace ?? '',
    name: m.name ?? '',
    seed: seedOf(m.uid ?? `${m.namespace}/${m.name}`),
    spec: (obj.spec ?? {}) as Record<string, unknown>,
    labels: m.labels ?? {},
  };
  const pinnedRaw = Number(m.annotations?.[LOG_LINES_KEY] ?? m.labels?.[LOG_LINES_KEY]);
  const pinned = Number.isInteger(pinnedRaw) && pinnedRaw > 0 ? pinnedRaw : undefined;
  return { subject, script: scriptFor(subject), speed: speed > 0 ? speed : 1, pinned };
}

/** A snapshot of the log: lines [first, total) exist; lines are produced on demand. */
export interface LogView {
  /** The oldest line still kept. */
  first: number;
  /** Lines written so far, the last words included once the object has stopped. */
  total: number;
  /** Lines before the last words. */
  body: number;
  ended: boolean;
  line: (i: number) => string;
  /** When line i was (or, for a running object, will be) written, in epoch milliseconds with a fraction. */
  timeMs: (i: number) => number;
  /** The first line written at or after `ms`. */
  indexAtOrAfter: (ms: number) => number;
}

function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

function readyCondition(obj: NodusObject) {
  return obj.status?.conditions?.find((c) => c.type === 'Ready');
}

/**
 * When a stopped object stopped: completionTime (to the millisecond when the phase change says so, as
 * completionTime has whole seconds); else the later of the phase change and the Ready condition's change (a write
 * that sets spec.state changes phase and Ready at once but leaves lastPhaseTransitionTime at the start); else deletion.
 */
function endOf(obj: NodusObject): number | undefined {
  const status = obj.status ?? {};
  const completion = parseTime(status.completionTime);
  const phaseAt = parseTime(status.lastPhaseTransitionTime);
  if (completion !== undefined)
    return phaseAt !== undefined && Math.floor(phaseAt / 1000) * 1000 === completion ? phaseAt : completion;
  const readyAt = parseTime(readyCondition(obj)?.lastTransitionTime);
  if (phaseAt !== undefined || readyAt !== undefined) return Math.max(phaseAt ?? -Infinity, readyAt ?? -Infinity);
  return parseTime(obj.metadata.deletionTimestamp);
}

export function endingOf(obj: NodusObject): Ending {
  const phase = String(obj.status?.phase ?? 'Unknown');
  const ready = readyCondition(obj);
  const statusMessage = typeof obj.status?.message === 'string' ? obj.status.message : undefined;
  // A failure's words are in status.message; for the other endings the Ready condition is the fresher account.
  const message = phase === 'Failed' ? (statusMessage ?? ready?.message) : (ready?.message ?? statusMessage);
  return { phase, ...(ready?.reason ? { reason: ready.reason } : {}), ...(message ? { message } : {}) };
}

/** Simulated offset of each line from the start, and how many lines are written by an offset. */
function pace(headerLines: number, rate: number, seed: number) {
  const headerEnd = headerLines * HEADER_GAP;
  // Jitter below 1 keeps offsets increasing: line i lands in [i, i + 0.9) / rate after the header.
  const offset = (i: number): number =>
    i < headerLines ? i * HEADER_GAP : headerEnd + (i - headerLines + 0.9 * unit(seed, i, 7)) / rate;
  const count = (x: number, strict: boolean): number => {
    if (!Number.isFinite(x) || x < 0) return 0;
    const ok = (i: number): boolean => (strict ? offset(i) < x : offset(i) <= x);
    let n = Math.max(0, x < headerEnd ? Math.floor(x / HEADER_GAP) : headerLines + Math.floor((x - headerEnd) * rate));
    while (n > 0 && !ok(n - 1)) n--;
    while (ok(n)) n++;
    return n;
  };
  return { offset, count, headerEnd };
}

/**
 * The log of `obj` at `nowMs`. `atLeast` is how many body lines a follower has already sent: a stop recorded
 * to the whole second may fall a moment before lines already streamed, and those stay in the log.
 */
export function viewAt(source: LogSource, obj: NodusObject, nowMs: number, atLeast = 0): LogView {
  const { script, speed, subject, pinned } = source;
  const life = lifeOf(obj);
  const ended = life === 'ended';
  const startTime =
    parseTime(obj.status?.startTime) ?? (life === 'running' ? parseTime(obj.metadata.creationTimestamp) : undefined);
  const startMs = startTime === undefined ? undefined : Math.min(startTime, nowMs);
  const endMs = ended ? Math.min(nowMs, Math.max(endOf(obj) ?? nowMs, startMs ?? -Infinity)) : nowMs;
  const ending = ended ? endingOf(obj) : undefined;
  const footer = ending ? [...script.farewell(ending), ...lastWords(subject, ending)] : [];
  const headerLines = script.header.length;
  const simulated = startMs === undefined ? -1 : ((endMs - startMs) / 1000) * speed;

  let rate = script.rate;
  let body: number;
  if (startMs === undefined) body = 0;
  else if (pinned !== undefined && ended) {
    body = Math.max(0, pinned - footer.length);
    const spread = simulated - headerLines * HEADER_GAP;
    if (body > headerLines && spread > 0) rate = (body - headerLines) / spread;
  } else
    body = Math.min(pinned ?? Number.POSITIVE_INFINITY, pace(headerLines, rate, subject.seed).count(simulated, false));
  body = Math.max(body, atLeast);
  const { offset, count } = pace(headerLines, rate, subject.seed);

  const bodyTime = (i: number): number => {
    const ms = (startMs ?? endMs) + (offset(i) * 1000) / speed;
    return ended ? Math.min(ms, endMs) : ms;
  };
  const footerMs = body > 0 ? Math.max(endMs, bodyTime(body - 1)) : endMs;
  const total = body + footer.length;
  return {
    first: Math.max(0, total - RETAINED_LINES),
    total,
    body,
    ended,
    line: (i) =>
      i >= body ? (footer[i - body] ?? '') : i < headerLines ? script.header[i]! : script.line(i - headerLines),
    timeMs: (i) => (i < body || !ended ? bodyTime(i) : footerMs),
    indexAtOrAfter: (ms) => {
      const n = startMs === undefined ? 0 : Math.min(body, count(((ms - startMs) / 1000) * speed, true));
      if (n < body || footerMs >= ms) return n;
      return total;
    },
  };
}

/**
 * How long simulated things take, and the mock-only annotations that let tests and demos pin them down.
 * Durations are in simulated seconds; real time runs `config.speed` times slower than that.
 */
import { createHash } from 'node:crypto';
import type { NodusObject } from '@/shared/protocol.ts';

/** Mock-only knobs (never part of the real API): how long a run takes and how it ends. */
export const ANNOTATION_RUN_SECONDS = 'mock.nodus.dev/run-seconds';
export const ANNOTATION_OUTCOME = 'mock.nodus.dev/outcome';
/** Mock-only: simulated seconds each step before Running takes (the queue, then provisioning or starting). */
export const ANNOTATION_START_SECONDS = 'mock.nodus.dev/start-seconds';
/** Mock-only: the message the run ends with (status.message and the Ready condition's), whatever it says. */
export const ANNOTATION_OUTCOME_MESSAGE = 'mock.nodus.dev/outcome-message';
/** A deleting object that keeps its billing finalizer forever, to show what a stuck finalizer looks like. */
export const ANNOTATION_STUCK = 'mock.nodus.dev/stuck-finalizer';
/** Bulk objects from /_mock/seed: the controller leaves them alone so benchmarks see only their own churn. */
export const LABEL_BENCH = 'nodus.dev/bench';

export const PROVISION_SECONDS = 8;
export const START_SECONDS = 6;
export const RESTART_SECONDS = 4;

/** Simulated seconds between `since` and now. */
export function elapsed(since: string | undefined, now: number, speed: number): number {
  if (!since) return Number.POSITIVE_INFINITY;
  return ((now - Date.parse(since)) / 1000) * speed;
}

/** A number in [0, 1) fixed by the object's uid, so an object behaves the same across restarts. */
export function fraction(obj: NodusObject, salt: string): number {
  const digest = createHash('sha256')
    .update(`${obj.metadata.uid ?? obj.metadata.name}:${salt}`)
    .digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

function annotation(obj: NodusObject, key: string): string | undefined {
  return obj.metadata.annotations?.[key];
}

/** How long a step before Running takes: pinned by annotation (0 and up), else the kind's own time. */
export function startStepSeconds(obj: NodusObject, usual: number): number {
  const raw = annotation(obj, ANNOTATION_START_SECONDS);
  const pinned = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(pinned) && pinned >= 0 ? pinned : usual;
}

/** How long a run-to-completion object runs: pinned by annotation, else 90 to 240 simulated seconds. */
export function runSeconds(obj: NodusObject): number {
  const pinned = Number(annotation(obj, ANNOTATION_RUN_SECONDS));
  if (Number.isFinite(pinned) && pinned > 0) return pinned;
  return 90 + Math.floor(fraction(obj, 'run') * 150);
}

export interface Outcome {
  phase: 'Succeeded' | 'Failed';
  reason: string;
  message: string;
}

const FAILURES: Outcome[] = [
  {
    phase: 'Failed',
    reason: 'OutOfMemory',
    message: 'The process was killed: out of memory (exit code 137). Ask for more memoryGiB or lower the batch size.',
  },
  {
    phase: 'Failed',
    reason: 'Error',
    message:
      'The process exited with code 1: Traceback (most recent call last): ... FileNotFoundError: data/train.jsonl. Check the path or mount the Volume that holds it.',
  },
  {
    phase: 'Failed',
    reason: 'ImagePullFailed',
    message: 'The image could not be started: exec format error. The image was built for another CPU architecture.',
  },
];

/** How a run ends: pinned by annotation, else about one in eight fails with a reason worth reading. */
export function outcome(obj: NodusObject): Outcome {
  const chosen = chooseOutcome(obj);
  const message = annotation(obj, ANNOTATION_OUTCOME_MESSAGE);
  return message === undefined ? chosen : { ...chosen, message };
}

function chooseOutcome(obj: NodusObject): Outcome {
  const pinned = annotation(obj, ANNOTATION_OUTCOME);
  const failure = FAILURES[Math.floor(fraction(obj, 'which-failure') * FAILURES.length)]!;
  if (pinned === 'Failed') return failure;
  if (pinned === 'Succeeded')
    return { phase: 'Succeeded', reason: 'Completed', message: 'Finished successfully (exit code 0).' };
  return fraction(obj, 'fails') < 0.125
    ? failure
    : { phase: 'Succeeded', reason: 'Completed', message: 'Finished successfully (exit code 0).' };
}

export function isBench(obj: NodusObject): boolean {
  return obj.metadata.labels?.[LABEL_BENCH] === 'true';
}

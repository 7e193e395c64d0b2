/**
 * What a transfer shows while it runs: the share done, the speed and the time left, from the bytes moved so far.
 * Pure, so the figures are tested without a network; the views call it on each progress event.
 */
import { formatBytes } from './format-bytes.ts';

export interface ProgressSample {
  /** Bytes moved so far. */
  done: number;
  /** Bytes in all; undefined when the server did not say (a download without Content-Length). */
  total: number | undefined;
  /** When the transfer started and when this sample was taken (ms). */
  startedAt: number;
  at: number;
}

/** 0..1, or undefined when the total is unknown. A zero-byte file is done at once. */
export function fraction({ done, total }: Pick<ProgressSample, 'done' | 'total'>): number | undefined {
  if (total === undefined) return undefined;
  if (total <= 0) return 1;
  return Math.min(1, Math.max(0, done / total));
}

/** Whole percent, never 100 before the last byte (a rounded "100%" on a transfer still running misleads). */
export function percent(sample: Pick<ProgressSample, 'done' | 'total'>): number | undefined {
  const f = fraction(sample);
  if (f === undefined) return undefined;
  const whole = Math.floor(f * 100);
  return f < 1 ? Math.min(99, whole) : 100;
}

/** Bytes a second over the whole transfer so far; undefined in its first quarter second (too few to say). */
export function rate({ done, startedAt, at }: ProgressSample): number | undefined {
  const seconds = (at - startedAt) / 1000;
  return seconds < 0.25 ? undefined : done / seconds;
}

/** Seconds left at the rate so far. */
export function secondsLeft(sample: ProgressSample): number | undefined {
  const r = rate(sample);
  if (r === undefined || r <= 0 || sample.total === undefined) return undefined;
  return Math.max(0, (sample.total - sample.done) / r);
}

/** "1.2 MiB of 40 MiB · 3.1 MiB/s · 12 s left", as much of it as is known. */
export function describeProgress(sample: ProgressSample): string {
  const parts = [
    sample.total === undefined
      ? formatBytes(sample.done)
      : `${formatBytes(sample.done)} of ${formatBytes(sample.total)}`,
  ];
  const r = rate(sample);
  if (r !== undefined) parts.push(`${formatBytes(r)}/s`);
  const left = secondsLeft(sample);
  if (left !== undefined && sample.done < (sample.total ?? 0)) parts.push(`${formatLeft(left)} left`);
  return parts.join(' · ');
}

function formatLeft(seconds: number): string {
  if (seconds < 1) return 'under 1 s';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { LOG_LINES_KEY, RETAINED_LINES, sourceFor, viewAt, type LogView } from './timeline.ts';

const START = Date.parse('2026-03-01T10:00:00Z');
const SPEC: Record<string, Record<string, unknown>> = {
  Job: {
    image: 'nodus/pytorch:2.8-cuda12.8',
    command: ['python', 'train.py'],
    resources: { gpu: { type: 'H100', count: 2 } },
  },
  Sandbox: { image: 'nodus/python:3.12', ports: [{ port: 8888 }] },
  Function: { image: 'nodus/vllm:0.9-cuda12.8', handler: 'serve.embed', minReplicas: 1, maxReplicas: 4 },
  Pipeline: {
    steps: [
      { name: 'fetch', image: 'nodus/python:3.12' },
      { name: 'score', image: 'nodus/python:3.12' },
    ],
  },
  Volume: { sizeGiB: 500, storageClass: 'ssd' },
};
const SCRIPTED_KINDS = Object.keys(SPEC);

function obj(
  kind: string,
  status: Record<string, unknown>,
  uid = 'job_01abc',
  extra: Partial<NodusObject['metadata']> = {},
): NodusObject {
  return {
    apiVersion: 'nodus.dev/v1',
    kind,
    metadata: {
      name: 'x',
      namespace: 'default',
      uid,
      creationTimestamp: new Date(START - 60_000).toISOString(),
      ...extra,
    },
    spec: SPEC[kind]!,
    status: { startTime: new Date(START).toISOString(), ...status },
  };
}

function lines(view: LogView, from = view.first, to = view.total): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) out.push(view.line(i));
  return out;
}

describe('a log derived from time', () => {
  it('is the same for the same object (uid and startTime) whenever it is read, and differs for another uid', () => {
    const running = obj('Job', { phase: 'Running' });
    const now = START + 120_000;
    const a = viewAt(sourceFor(running, 10), running, now);
    const b = viewAt(sourceFor(structuredClone(running), 10), structuredClone(running), now);
    expect(a.total).toBe(b.total);
    expect(lines(a)).toEqual(lines(b));
    expect(Array.from({ length: a.total }, (_, i) => a.timeMs(i))).toEqual(
      Array.from({ length: b.total }, (_, i) => b.timeMs(i)),
    );
    const other = obj('Job', { phase: 'Running' }, 'job_01xyz');
    expect(lines(viewAt(sourceFor(other, 10), other, now)).slice(12)).not.toEqual(lines(a).slice(12));
  });

  it('grows with time at a pace scaled by the speed, and only holds lines written by now', () => {
    const running = obj('Job', { phase: 'Running' });
    const slow = viewAt(sourceFor(running, 1), running, START + 60_000);
    const fast = viewAt(sourceFor(running, 20), running, START + 60_000);
    // A Job writes 2 lines per simulated second after its header.
    expect(slow.total).toBeGreaterThan(100);
    expect(slow.total).toBeLessThan(140);
    expect(fast.total / slow.total).toBeGreaterThan(15);
    for (let i = 1; i < fast.total; i++) expect(fast.timeMs(i)).toBeGreaterThanOrEqual(fast.timeMs(i - 1));
    expect(fast.timeMs(fast.total - 1)).toBeLessThanOrEqual(START + 60_000);
    expect(fast.timeMs(fast.total)).toBeGreaterThan(START + 60_000);
    expect(viewAt(sourceFor(running, 20), running, START + 61_000).total).toBeGreaterThan(fast.total);
  });

  it('finds the first line at or after a time', () => {
    const running = obj('Sandbox', { phase: 'Running' });
    const view = viewAt(sourceFor(running, 5), running, START + 600_000);
    for (const ms of [START - 1, START, START + 1234.5, START + 300_000, START + 600_000, START + 700_000]) {
      const i = view.indexAtOrAfter(ms);
      if (i < view.total) expect(view.timeMs(i)).toBeGreaterThanOrEqual(ms);
      if (i > 0) expect(view.timeMs(i - 1)).toBeLessThan(ms);
    }
  });

  it('never has a newline inside a line, for any kind', () => {
    for (const kind of SCRIPTED_KINDS) {
      const running = obj(kind, { phase: 'Running' });
      const view = viewAt(sourceFor(running, 50), running, START + 3_600_000);
      for (let i = 0; i < Math.min(view.total, 5_000); i++)
        expect(view.line(i), `${kind} line ${i}`).not.toContain('\n');
    }
  });

  it('looks real for every kind: ANSI colours, Unicode, HTML and script tags as text, a line of 10 kB or more', () => {
    const seen = new Set<string>();
    for (const kind of SCRIPTED_KINDS) {
      const running = obj(kind, { phase: 'Running' });
      const header = lines(viewAt(sourceFor(running, 1), running, START + 10_000), 0, 8).join('\n');
      const some = lines(viewAt(sourceFor(running, 1), running, START + 60_000)).join('\n');
      expect(some, kind).toContain('\u001b[');
      expect(some, kind).toMatch(/[\u0590-\u05ff\u0600-\u06ff\u3040-\u9fff]|\p{Extended_Pictographic}/u);
      expect(some, kind).toContain('<script>alert(1)</script>');
      expect(Math.max(...some.split('\n').map((l) => Buffer.byteLength(l))), kind).toBeGreaterThanOrEqual(10_000);
      seen.add(header);
    }
    expect(seen.size).toBe(SCRIPTED_KINDS.length); // every kind says different things
  });

  it('draws progress bars with carriage returns in a Job log', () => {
    const running = obj('Job', { phase: 'Running' });
    const all = lines(viewAt(sourceFor(running, 10), running, START + 300_000));
    expect(all.some((l) => l.includes('\r') && l.includes('%|'))).toBe(true);
    expect(all.some((l) => /Epoch \d+/.test(l))).toBe(true);
  });
});

describe('the end of a log', () => {
  it('ends a failed object with its status.message, word for word', () => {
    const message = 'The process was killed: out of memory (exit code 137). Ask for more memoryGiB.';
    const failed = obj('Job', { phase: 'Failed', message, completionTime: new Date(START + 300_000).toISOString() });
    const view = viewAt(sourceFor(failed, 1), failed, START + 900_000);
    expect(view.ended).toBe(true);
    expect(view.line(view.total - 1).endsWith(message)).toBe(true);
    expect(view.timeMs(view.total - 1)).toBe(START + 300_000);
    // Nothing is written after the completion, however late the log is read.
    expect(viewAt(sourceFor(failed, 1), failed, START + 9_000_000).total).toBe(view.total);
  });

  it('holds exactly the pinned number of lines once finished', () => {
    const done = obj(
      'Job',
      { phase: 'Succeeded', completionTime: new Date(START + 1_740_000).toISOString() },
      'job_flood',
      { labels: { [LOG_LINES_KEY]: '1000000' } },
    );
    const view = viewAt(sourceFor(done, 1), done, START + 5_000_000);
    expect(view.total).toBe(1_000_000);
    expect(view.timeMs(view.total - 1)).toBeLessThanOrEqual(START + 1_740_000);
    expect(view.line(view.total - 1)).toContain('succeeded');
  });

  it('ends a stopped object when its phase changed, with its last words', () => {
    const stopped = obj('Sandbox', {
      phase: 'Stopped',
      conditions: [
        {
          type: 'Ready',
          status: 'False',
          reason: 'Stopped',
          message: 'spec.state was set to Stopped.',
          lastTransitionTime: new Date(START + 60_000).toISOString(),
        },
      ],
    });
    const view = viewAt(sourceFor(stopped, 1), stopped, START + 600_000);
    expect(view.timeMs(view.total - 1)).toBe(START + 60_000);
    expect(lines(view).slice(-4).join('\n')).toContain('SIGTERM');
    expect(view.line(view.total - 1)).toContain('spec.state was set to Stopped.');
  });

  it('ends when spec.state stopped it, though lastPhaseTransitionTime still says when it started running', () => {
    const at = (ms: number) => new Date(ms).toISOString();
    const suspended = obj('Job', {
      phase: 'Suspended',
      lastPhaseTransitionTime: at(START),
      conditions: [
        {
          type: 'Ready',
          status: 'False',
          reason: 'Suspended',
          message: 'spec.state was set to Suspended.',
          lastTransitionTime: at(START + 120_000),
        },
      ],
    });
    const view = viewAt(sourceFor(suspended, 1), suspended, START + 600_000);
    expect(view.timeMs(view.total - 1)).toBe(START + 120_000);
    expect(view.body).toBeGreaterThan(200);
  });

  it('has only the last words for an object that stopped before it started', () => {
    const cancelled = obj('Job', {
      phase: 'Cancelled',
      startTime: undefined,
      completionTime: new Date(START).toISOString(),
    });
    const view = viewAt(sourceFor(cancelled, 1), cancelled, START + 1000);
    expect(view.body).toBe(0);
    expect(view.total).toBeGreaterThan(0);
    expect(view.line(view.total - 1)).toContain('cancelled');
  });

  it('keeps only the newest lines of a very long log, as rotated log files do', () => {
    const old = obj('Function', { phase: 'Running' });
    const view = viewAt(sourceFor(old, 1000), old, START + 3_600_000);
    expect(view.total - view.first).toBe(RETAINED_LINES);
  });
});

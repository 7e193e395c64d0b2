/**
 * Runs of the demo's last 30 days that exist only in history: objects finished and deleted long ago. Times are
 * relative to the start of the mock, so the charts always end today; the amounts come from the price book.
 */
import { HOUR_MS } from '../ledger/ledger.ts';
import { officeHours, type Pattern } from '../usage/history.ts';

const DAY_MS = 24 * HOUR_MS;

export interface HistoryRun {
  project: string;
  plural: 'jobs' | 'sandboxes';
  name: string;
  labels: Record<string, string>;
  createdBy: string;
  gpu?: [type: string, count: number];
  resources?: { cpu: number; memoryGiB: number };
  start: number;
  end: number;
  pattern?: Pattern;
}

/** A small deterministic wobble in [0, 1) for run `i` of a series, so that days differ from each other. */
function wobble(i: number, salt: number): number {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** Midnight UTC `days` days before `now`. */
function day(now: number, days: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - days * DAY_MS;
}

function stamp(t: number): string {
  const d = new Date(t);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

function weekday(t: number): boolean {
  return new Date(t).getUTCDay() % 6 !== 0;
}

export function HISTORY_RUNS(now: number): HistoryRun[] {
  const runs: HistoryRun[] = [];
  for (let d = 1; d <= 30; d++) {
    const midnight = day(now, d);
    const i = d;
    // Nightly ETL in default and nightly evals in nlp: every night, a little longer some nights.
    runs.push({
      project: 'default',
      plural: 'jobs',
      name: `etl-nightly-${stamp(midnight)}`,
      labels: { app: 'etl', schedule: 'nightly' },
      createdBy: 'scheduler',
      resources: { cpu: 16, memoryGiB: 64 },
      start: midnight + 2 * HOUR_MS,
      end: midnight + (4.5 + 2 * wobble(i, 1)) * HOUR_MS,
    });
    runs.push({
      project: 'nlp',
      plural: 'jobs',
      name: `eval-nightly-${stamp(midnight)}`,
      labels: { team: 'nlp', app: 'eval' },
      createdBy: 'scheduler',
      gpu: ['A100-80GB', 2],
      start: midnight + HOUR_MS,
      end: midnight + (2.5 + wobble(i, 2)) * HOUR_MS,
    });
    if (!weekday(midnight)) continue;
    // Weekdays: learning-rate sweeps, augmentation batches and CI.
    for (const n of [0, 1, 2])
      runs.push({
        project: 'nlp',
        plural: 'jobs',
        name: `sweep-lr-${stamp(midnight)}-${n}`,
        labels: { team: 'nlp', app: 'sweep' },
        createdBy: 'raj',
        gpu: ['L40S', 1],
        start: midnight + (9 + 3 * n) * HOUR_MS,
        end: midnight + (12 + 3 * n + 2 * wobble(i, 3 + n)) * HOUR_MS,
      });
    runs.push({
      project: 'vision',
      plural: 'jobs',
      name: `augment-batch-${stamp(midnight)}`,
      labels: { team: 'vision', app: 'etl' },
      createdBy: 'kim',
      resources: { cpu: 8, memoryGiB: 32 },
      start: midnight + 9 * HOUR_MS,
      end: midnight + (11 + wobble(i, 5)) * HOUR_MS,
    });
    for (let n = 0; n < 5; n++)
      runs.push({
        project: 'platform',
        plural: 'sandboxes',
        name: `ci-build-${stamp(midnight)}-${n}`,
        labels: { team: 'platform', role: 'ci' },
        createdBy: 'ci-bot',
        resources: { cpu: 8, memoryGiB: 32 },
        start: midnight + (9 + 2 * n) * HOUR_MS,
        end: midnight + (9.5 + 2 * n + wobble(i, 6 + n)) * HOUR_MS,
        pattern: officeHours,
      });
  }
  // Longer training runs every few days.
  for (let d = 2; d <= 30; d += 3)
    runs.push({
      project: 'default',
      plural: 'jobs',
      name: `train-a-r${30 - d}`,
      labels: { app: 'trainer' },
      createdBy: 'demo-user',
      gpu: ['L4', 2],
      start: day(now, d) + 14 * HOUR_MS,
      end: day(now, d) + (20 + 3 * wobble(d, 7)) * HOUR_MS,
    });
  for (let d = 3; d <= 30; d += 4)
    runs.push({
      project: 'vision',
      plural: 'jobs',
      name: `train-detector-v${30 - d}`,
      labels: { team: 'vision', app: 'trainer' },
      createdBy: 'kim',
      gpu: ['A100-80GB', 4],
      start: day(now, d) + 18 * HOUR_MS,
      end: day(now, d) + (26 + 4 * wobble(d, 8)) * HOUR_MS,
    });
  // The spikes: a 60-hour pretraining run on 8 H100s, two fine-tunes, and a hyperparameter search.
  runs.push(
    {
      project: 'nlp',
      plural: 'jobs',
      name: 'pretrain-1b',
      labels: { team: 'nlp', app: 'trainer' },
      createdBy: 'ana',
      gpu: ['H100', 8],
      start: day(now, 10) + 20 * HOUR_MS,
      end: day(now, 10) + 80 * HOUR_MS,
    },
    {
      project: 'nlp',
      plural: 'jobs',
      name: 'finetune-llama-v2',
      labels: { team: 'nlp', app: 'trainer' },
      createdBy: 'ana',
      gpu: ['H100', 8],
      start: day(now, 5) + 9 * HOUR_MS,
      end: day(now, 5) + 29 * HOUR_MS,
    },
    {
      project: 'nlp',
      plural: 'jobs',
      name: 'finetune-llama-v1',
      labels: { team: 'nlp', app: 'trainer' },
      createdBy: 'ana',
      gpu: ['H100', 8],
      start: day(now, 21) + 8 * HOUR_MS,
      end: day(now, 21) + 22 * HOUR_MS,
    },
    {
      project: 'vision',
      plural: 'jobs',
      name: 'hparam-search',
      labels: { team: 'vision', app: 'sweep' },
      createdBy: 'lee',
      gpu: ['A100-80GB', 4],
      start: day(now, 3) + 6 * HOUR_MS,
      end: day(now, 3) + 46 * HOUR_MS,
    },
  );
  return runs;
}

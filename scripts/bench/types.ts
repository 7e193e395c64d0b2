/**
 * What a benchmark scenario is and what it returns. Each scenario is a small file in scenarios/ (or peers/, or
 * browser/); the runner repeats it and takes medians, so a scenario only measures one run and says what it saw.
 */
import type { Browser } from '@playwright/test';
import type { BenchPlan } from './cli.ts';
import type { ConsoleServer } from './env/console-server.ts';
import type { MockHandle } from './env/mock.ts';

/** "value op target" is what the issue asks of a figure. */
export interface Target {
  op: '<=' | '>=';
  value: number;
}

export interface Figure {
  id: string;
  label: string;
  unit: string;
  value: number;
  target?: Target;
}

/** A scenario that cannot run against the console as it is today says why, instead of reporting a number. */
export class NotApplicable {
  constructor(readonly reason: string) {}
}

export interface RunOutcome {
  figures: Figure[];
  /** Said once in the report (the last run's): how many samples, what was seen, caveats. */
  notes?: string[];
}

export interface BenchContext {
  plan: BenchPlan;
  mock: MockHandle;
  /** The project holding `plan.size` seeded Jobs. */
  project: string;
  /** Present when a browser scenario was selected. */
  console: ConsoleServer | undefined;
  browser: Browser | undefined;
  log: (message: string) => void;
}

export interface Scenario {
  id: string;
  title: string;
  /** Needs the console's production build (served, with its bundler output). */
  needsConsole?: boolean;
  /** Needs Chromium (implies the console). */
  needsBrowser?: boolean;
  /** Deterministic figures (sizes) are measured once whatever --runs says. */
  once?: boolean;
  run: (ctx: BenchContext, run: number) => Promise<RunOutcome | NotApplicable>;
}

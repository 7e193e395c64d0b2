/**
 * Writes the results as JSON (every run's values, the medians, the targets) with the machine they were measured
 * on, and the Markdown table beside it (same name, .md), ready for docs/PERFORMANCE.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release, platform } from 'node:os';
import { dirname } from 'node:path';
import type { BenchPlan } from '../cli.ts';
import type { ScenarioResult } from '../runner.ts';
import { markdownTable } from './table.ts';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGB: number;
  os: string;
  node: string;
  chromium: string | undefined;
  kubectl: string | undefined;
  /** 1-minute load averages when the run began and ended: other work on the machine skews every figure. */
  load: [number, number];
}

function version(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n')[0];
  } catch {
    return undefined;
  }
}

export function describeMachine(chromium: string | undefined, loadAtStart: number): Machine {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    node: process.version,
    chromium,
    kubectl: version(process.env.KUBECTL || 'kubectl', ['version', '--client']),
    load: [loadAtStart, loadavg()[0] ?? 0],
  };
}

export function writeResults(file: string, plan: BenchPlan, machine: Machine, results: ScenarioResult[]): string {
  mkdirSync(dirname(file), { recursive: true });
  const when = new Date().toISOString();
  writeFileSync(file, `${JSON.stringify({ when, plan, machine, results }, null, 2)}\n`);
  const md = file.replace(/\.json$/, '') + '.md';
  const header = `Measured ${when} on ${machine.cpu} (${machine.cores} cores, ${machine.memoryGB} GB), ${machine.os}, Node ${machine.node}, ${machine.chromium ?? 'no browser'}, load average ${machine.load.map((l) => l.toFixed(1)).join(' → ')}; ${plan.size.toLocaleString('en')} objects, median of ${plan.runs} run(s)${plan.quick ? ', --quick' : ''}.\n\n`;
  const notes = results.flatMap((r) => r.notes.map((note) => `- ${r.id}: ${note}`));
  writeFileSync(md, `${header}${markdownTable(results)}${notes.length ? `\n${notes.join('\n')}\n` : ''}`);
  return md;
}

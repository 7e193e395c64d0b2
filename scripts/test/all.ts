/**
 * `npm test`: every check CI runs, with what is independent run side by side (two lanes for two cores), and at the
 * end a table of where the time went. Each step is an npm script that also runs alone (`npm run test:unit`, ...);
 * this only decides what runs beside what. A step that fails fails the run, after the other lane has finished, so
 * one run reports every failure.
 *
 * The end-to-end tests are split in two lanes with a server pair each (ports from E2E_MOCK_PORT and
 * E2E_CONSOLE_PORT): the tests in their own projects in one, those that change the whole mock in the other. The
 * console is built once for both.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

interface Step {
  name: string;
  command: string;
  env?: Record<string, string>;
}

/** Steps run one after another in a lane; the lanes of a phase run at once; phases one after another. */
type Phase = { name: string; lanes: Step[][] };

const npm = (script: string, env?: Record<string, string>, name = script): Step => ({
  name,
  command: `npm run -s ${script}`,
  ...(env ? { env } : {}),
});

// Each e2e lane has its own mock and console server; both serve the one build made before them.
const E2E_DIST = join(tmpdir(), `nodus-console-e2e-dist-ci-${process.pid}`);
const laneOne = { E2E_MOCK_PORT: '18001', E2E_CONSOLE_PORT: '15173', E2E_CONSOLE_DIST: E2E_DIST };
const laneTwo = { E2E_MOCK_PORT: '18002', E2E_CONSOLE_PORT: '15174', E2E_CONSOLE_DIST: E2E_DIST };

const PLAN: Phase[] = [
  {
    name: 'checks and API suites',
    lanes: [
      [npm('format:check'), npm('typecheck'), npm('test:unit'), npm('test:build')],
      [npm('lint'), npm('test:contract'), npm('test:kubectl'), npm('test:clients')],
    ],
  },
  // Before both e2e lanes: each serves this build.
  { name: 'console build for end to end', lanes: [[npm('test:e2e:build', laneOne, 'e2e build')]] },
  {
    name: 'end to end',
    lanes: [
      // Balanced by what each took in a run of both: own projects 785 s and security 68 s; mock-wide 698 s and
      // drills 163 s. Everything here is bound by the two cores: the lanes gain the time one lane spends waiting.
      [npm('test:e2e:own-project', laneOne, 'e2e own projects'), npm('test:e2e:security', laneOne, 'e2e security')],
      [npm('test:e2e:mock-wide', laneTwo, 'e2e mock-wide'), npm('test:e2e:drills', laneTwo, 'e2e drills')],
    ],
  },
  { name: 'benchmark', lanes: [[npm('bench:quick')]] },
];

interface Result {
  step: Step;
  ms: number;
  code: number;
}

function run(step: Step, prefix: string): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env, FORCE_COLOR: '0' },
    });
    // Whole lines, each marked with its step: two lanes write at once.
    const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${prefix}${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ step, ms: performance.now() - started, code: code ?? 1 }));
  });
}

async function runLane(lane: Step[], width: number): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of lane) {
    // After a failure the lane stops: its later steps build on what failed (an e2e run on a build that failed).
    if (results.some((r) => r.code !== 0)) break;
    const prefix = `[${step.name.padEnd(width)}] `;
    console.log(`${prefix}$ ${step.command}`);
    const result = await run(step, prefix);
    console.log(`${prefix}${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${seconds(result.ms)}`);
    results.push(result);
  }
  return results;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** `--phase NAME`: only the phases whose name holds NAME (`npm test -- --phase "end to end"`). */
function chosenPhases(): Phase[] {
  const at = process.argv.indexOf('--phase');
  if (at < 0) return PLAN;
  const wanted = process.argv[at + 1] ?? '';
  const phases = PLAN.filter((p) => p.name.includes(wanted));
  if (!phases.length) throw new Error(`no phase is named like "${wanted}": ${PLAN.map((p) => p.name).join(', ')}`);
  return phases;
}

async function main(): Promise<void> {
  const plan = chosenPhases();
  const width = Math.max(...PLAN.flatMap((p) => p.lanes.flat().map((s) => s.name.length)));
  const started = performance.now();
  const report: { phase: string; ms: number; results: Result[] }[] = [];
  for (const phase of plan) {
    const phaseStart = performance.now();
    console.log(`\n== ${phase.name}`);
    const results = (await Promise.all(phase.lanes.map((lane) => runLane(lane, width)))).flat();
    report.push({ phase: phase.name, ms: performance.now() - phaseStart, results });
    if (results.some((r) => r.code !== 0)) break;
  }
  const total = performance.now() - started;
  const lines = ['', '== where the time went', ''];
  for (const { phase, ms, results } of report) {
    lines.push(`${phase}: ${seconds(ms)}`);
    for (const r of results)
      lines.push(`  ${r.step.name.padEnd(width)}  ${seconds(r.ms).padStart(8)}  ${r.code === 0 ? '' : 'FAILED'}`);
  }
  lines.push(`total: ${seconds(total)}`);
  console.log(lines.join('\n'));
  mkdirSync('test-results', { recursive: true });
  writeFileSync(join('test-results', 'timings.txt'), `${lines.join('\n')}\n`);
  const failed = report.flatMap((p) => p.results).filter((r) => r.code !== 0);
  if (failed.length) {
    console.error(`\nFAILED: ${failed.map((r) => r.step.name).join(', ')}`);
    process.exit(1);
  }
}

void main();

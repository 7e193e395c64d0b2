/**
 * `npm run bench`: the performance benchmark. Starts its own mock API (in a child process) with `--size` seeded
 * Jobs, and, when a browser scenario is selected, a production build of the console served by its own server
 * (`npm run preview`, forwarding the API's paths to the mock) and Debian's Chromium; runs every scenario `--runs`
 * times, prints the medians beside their targets, and writes JSON (`--out`) and a Markdown table. See
 * docs/PERFORMANCE.md. Exit code 1 when a scenario failed (not when a target is missed: CI never asserts timings).
 */
import { cpus, loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import { parseOptions, planFor, USAGE } from './cli.ts';
import { launchBrowser } from './env/browser.ts';
import { startConsole, type ConsoleServer } from './env/console-server.ts';
import { startMock, type MockHandle } from './env/mock.ts';
import { describeMachine, writeResults } from './report/json.ts';
import { printTable } from './report/table.ts';
import { comparisons, runScenario, type ScenarioResult } from './runner.ts';
import { SCENARIOS } from './scenarios/index.ts';
import type { BenchContext } from './types.ts';

const PROJECT = 'bench';

let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}
if (options === 'help') {
  console.log(USAGE);
  process.exit(0);
}
const plan = planFor(options);
const unknown = (plan.only ?? []).filter((id) => !SCENARIOS.some((s) => s.id === id));
if (unknown.length) {
  console.error(`unknown scenario(s): ${unknown.join(', ')}; there are: ${SCENARIOS.map((s) => s.id).join(', ')}`);
  process.exit(2);
}
const selected = SCENARIOS.filter((s) => !plan.only || plan.only.includes(s.id));
const started = performance.now();
const loadAtStart = loadavg()[0] ?? 0;
const log = (message: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);
if (loadAtStart > cpus().length)
  log(
    `this machine is busy (load average ${loadAtStart.toFixed(1)} on ${cpus().length} cores): every figure will be noisy`,
  );

let mock: MockHandle | undefined;
let consoleServer: ConsoleServer | undefined;
let browser: Browser | undefined;
let chromiumVersion: string | undefined;
const results: ScenarioResult[] = [];
try {
  // History for the largest churn a scenario makes, with room to spare; older changes are never resumed from.
  mock = await startMock({
    historyLimit: Math.max(2 * plan.burstEvents, plan.churnRate * plan.churnSeconds) + 10_000,
    speed: 50,
  });
  log(
    `mock API at ${mock.url} (kubectl: ${mock.tlsUrl}); seeding ${plan.size.toLocaleString('en')} Jobs in project "${PROJECT}"`,
  );
  const seedStarted = performance.now();
  await mock.api.seedJobs(PROJECT, plan.size);
  log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  if (selected.some((s) => s.needsConsole || s.needsBrowser)) {
    consoleServer = await startConsole({ mockPort: mock.port, log, minify: !plan.unminified });
    await mock.allowOrigin(consoleServer.url);
    log(`console (production build, its own server) at ${consoleServer.url}`);
  }
  if (selected.some((s) => s.needsBrowser)) {
    browser = await launchBrowser();
    chromiumVersion = `Chromium ${browser.version()}`;
    log(chromiumVersion);
  }
  const ctx: BenchContext = { plan, mock, project: PROJECT, console: consoleServer, browser, log };
  for (const scenario of selected) results.push(await runScenario(scenario, ctx));
  results.push(...comparisons(results));
} finally {
  await browser?.close().catch(() => undefined);
  await consoleServer?.close().catch(() => undefined);
  await mock?.close().catch(() => undefined);
}

console.log('');
printTable(results, (line) => console.log(line));
for (const r of results) for (const note of r.notes) console.log(`  ${r.id}: ${note}`);
const md = writeResults(plan.out, plan, describeMachine(chromiumVersion, loadAtStart), results);
console.log(`\nwritten to ${plan.out} and ${md} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exitCode = results.some((r) => r.status === 'failed') ? 1 : 0;

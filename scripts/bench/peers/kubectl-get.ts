/**
 * Peer: the real `kubectl get jobs -n <project>` (chunks of 500, kubectl's default, spelled out) against the same
 * seeded Jobs, on the mock's HTTPS port (kubectl sends no token over plain HTTP). Timed from the spawn until kubectl
 * exits having printed every row; a fresh discovery cache each run, as a fresh browser has none either. Its time
 * until everything is printed is what the console's time until all are listed is compared with.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_API_KEY } from '../../../src/shared/protocol.ts';
import type { RunOutcome, Scenario } from '../types.ts';

const KUBECTL = process.env.KUBECTL || 'kubectl';

interface KubectlRun {
  firstRowMs: number;
  exitMs: number;
  lines: number;
  code: number;
  stderr: string;
}

const GO_UNITS: Record<string, number> = { ns: 1e-6, µs: 1e-3, us: 1e-3, ms: 1, s: 1000, m: 60_000 };

/** What client-go's client-side rate limiter (5 requests/s after a burst of 10) made kubectl wait, from its -v=6 log. */
export function throttledMs(log: string): number {
  let total = 0;
  for (const m of log.matchAll(/Waited for ([\d.]+)(ns|µs|us|ms|s|m) due to client-side throttling/g))
    total += Number(m[1]) * (GO_UNITS[m[2]!] ?? 0);
  return total;
}

function runKubectl(args: string[], env: NodeJS.ProcessEnv): Promise<KubectlRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(KUBECTL, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let firstRowMs = Number.NaN;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
        lines++;
        // Line 1 is the header.
        if (lines === 2) firstRowMs = performance.now() - started;
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ firstRowMs, exitMs: performance.now() - started, lines, code: code ?? -1, stderr }),
    );
  });
}

export const kubectlGet: Scenario = {
  id: 'kubectl',
  title: 'peer: kubectl get jobs (chunks of 500)',
  async run(ctx): Promise<RunOutcome> {
    const { mock, project, plan } = ctx;
    const dir = mkdtempSync(join(tmpdir(), 'nodus-bench-kubectl-'));
    try {
      const kubeconfig = join(dir, 'kubeconfig');
      writeFileSync(
        kubeconfig,
        [
          'apiVersion: v1',
          'kind: Config',
          `clusters: [{name: bench, cluster: {server: "${mock.tlsUrl}", certificate-authority: "${mock.certPath}"}}]`,
          `users: [{name: bench, user: {token: ${DEMO_API_KEY}}}]`,
          `contexts: [{name: bench, context: {cluster: bench, user: bench, namespace: ${project}}}]`,
          'current-context: bench',
          '',
        ].join('\n'),
      );
      const env = { ...process.env, KUBECONFIG: kubeconfig, NO_COLOR: '1' };
      // -v=6 logs each request to stderr (not to the rows): how long kubectl's own rate limiter held it back.
      const args = ['--cache-dir', join(dir, 'cache'), '-v=6', 'get', 'jobs', '-n', project, '--chunk-size=500'];
      const result = await runKubectl(args, env);
      if (result.code !== 0)
        throw new Error(`kubectl ${args.join(' ')} exited ${result.code}: ${result.stderr.slice(-500)}`);
      if (result.lines !== plan.size + 1)
        throw new Error(`kubectl printed ${result.lines} lines, expected ${plan.size} rows and a header`);
      return {
        figures: [
          { id: 'first-row', label: 'first row printed', unit: 'ms', value: result.firstRowMs },
          {
            id: 'all-printed',
            label: `all ${plan.size.toLocaleString('en')} printed (exit)`,
            unit: 'ms',
            value: result.exitMs,
          },
          {
            id: 'throttled',
            label: "of which kubectl's own rate limit (client-go, 5 requests/s)",
            unit: 'ms',
            value: throttledMs(result.stderr),
          },
        ],
        notes: [
          `${KUBECTL} ${args.slice(2).join(' ')}, rows to a pipe, discovery cache cold each run; kubectl prints a chunked list once it has every page`,
        ],
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

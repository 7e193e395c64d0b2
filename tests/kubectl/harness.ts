/**
 * The kubectl suite's harness: a real mock with its HTTPS port (client-go sends no bearer token over plain HTTP),
 * a kubeconfig and a discovery cache in a temp dir per test file, and a runner for the real `kubectl` on PATH
 * (or $KUBECTL). A missing kubectl fails the suite with what to install: it never skips.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import type { MockConfig } from '@/mock/config.ts';
import { startMockServer, type MockServer } from '@/mock/server.ts';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A kubectl left running (`get -w`): its output so far, and its exit. */
export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number>;
  /** Resolves once the output contains `text` (rejects after timeoutMs, saying what was printed). */
  printed: (text: string | RegExp, timeoutMs?: number) => Promise<void>;
}

export interface Kubectl {
  server: () => MockServer;
  /** Runs kubectl to completion; a non-zero exit is returned, not thrown. `env` adds to its environment. */
  run: (args: string[], timeoutMs?: number, env?: Record<string, string>) => Promise<Run>;
  start: (args: string[]) => Running;
  /** Writes a manifest into the test file's temp dir and returns its path. */
  file: (name: string, content: string) => string;
  /** The test file's temp dir. */
  dir: () => string;
  /** An authenticated call to the mock's plain-HTTP port, to set up or check what kubectl did. */
  api: <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: T }>;
}

const KUBECTL = process.env.KUBECTL || 'kubectl';
const RUN_TIMEOUT_MS = 15_000;

const MISSING = `kubectl is not installed, and the kubectl suite runs the real one. Install it: \`bash .ci/run\` does,
or run \`apt-get install -y kubectl\` where Google's Cloud SDK apt repository is configured (any kubectl 1.29 or
newer also works; point $KUBECTL at it).`;

function checkInstalled(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(KUBECTL, ['version', '--client'], { timeout: RUN_TIMEOUT_MS }, (error) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') reject(new Error(MISSING));
      else if (error) reject(new Error(`${KUBECTL} version --client failed: ${error.message}`));
      else resolve();
    });
  });
}

export function withKubectl(config: Partial<MockConfig> = {}): Kubectl {
  let server: MockServer | undefined;
  let dir = '';
  let env: NodeJS.ProcessEnv = {};
  let baseArgs: string[] = [];

  beforeAll(async () => {
    await checkInstalled();
    // Fast enough that objects reach Running in well under a second; short finalizers so deletes finish.
    server = await startMockServer({ port: 0, tlsPort: 0, speed: 40, finalizeSeconds: 0.2, ...config });
    dir = mkdtempSync(join(tmpdir(), 'nodus-kubectl-'));
    const kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        `clusters: [{name: nodus-mock, cluster: {server: "${server.tlsUrl}", certificate-authority: "${server.certPath}"}}]`,
        `users: [{name: demo, user: {token: ${DEMO_API_KEY}}}]`,
        'contexts: [{name: nodus-mock, context: {cluster: nodus-mock, user: demo, namespace: default}}]',
        'current-context: nodus-mock',
        '',
      ].join('\n'),
    );
    // TMPDIR: what kubectl edit and diff write goes into the temp dir too, and goes with it.
    env = { ...process.env, KUBECONFIG: kubeconfig, NO_COLOR: '1', TMPDIR: dir };
    // A cache per file: discovery cached by another run (or another mock on the same port) never leaks in.
    baseArgs = ['--cache-dir', join(dir, 'cache')];
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const run = (args: string[], timeoutMs = RUN_TIMEOUT_MS, extraEnv: Record<string, string> = {}): Promise<Run> =>
    new Promise((resolve, reject) => {
      const options = { env: { ...env, ...extraEnv }, timeout: timeoutMs };
      execFile(KUBECTL, [...baseArgs, ...args], options, (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          reject(
            new Error(
              `kubectl ${args.join(' ')} did not finish (${error.signal ?? error.code ?? error.message}); stderr: ${stderr}`,
            ),
          );
          return;
        }
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      });
    });

  const start = (args: string[]): Running => {
    const child = spawn(KUBECTL, [...baseArgs, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const listeners = new Set<() => void>();
    const collect = (chunk: Buffer): void => {
      out += chunk.toString();
      for (const listener of listeners) listener();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
    const printed = (text: string | RegExp, timeoutMs = 10_000): Promise<void> =>
      new Promise((resolve, reject) => {
        const seen = (): boolean => (typeof text === 'string' ? out.includes(text) : text.test(out));
        if (seen()) return resolve();
        const check = (): void => {
          if (!seen()) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(
              `kubectl ${args.join(' ')} did not print ${String(text)} in ${timeoutMs} ms; it printed:\n${out}`,
            ),
          );
        }, timeoutMs);
        listeners.add(check);
      });
    return { child, output: () => out, exited, printed };
  };

  const file = (name: string, content: string): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  const api = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${DEMO_API_KEY}` };
    if (body !== undefined)
      headers['Content-Type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
    const res = await fetch(`${server!.url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  return { server: () => server!, run, start, file, dir: () => dir, api };
}

/** The rows of kubectl's table output, split on runs of spaces (a cell may be empty, so go by the header). */
export function rows(stdout: string): Record<string, string>[] {
  const [header = '', ...lines] = stdout.trimEnd().split('\n');
  const starts = [...header.matchAll(/\S+/g)].map((m) => ({ name: m[0], at: m.index }));
  return lines.map((line) =>
    Object.fromEntries(starts.map((s, i) => [s.name, line.slice(s.at, starts[i + 1]?.at).trim()])),
  );
}

/** A Job manifest as a user would write it; the run length is pinned so that it stays Running during a test. */
export function jobYaml(
  name: string,
  extra: { labels?: Record<string, string>; maxCostUSD?: string; state?: string; runSeconds?: number } = {},
): string {
  const labels = Object.entries(extra.labels ?? {})
    .map(([k, v]) => `    ${k}: ${v}\n`)
    .join('');
  return `apiVersion: nodus.dev/v1
kind: Job
metadata:
  name: ${name}
${labels ? `  labels:\n${labels}` : ''}  annotations:
    mock.nodus.dev/run-seconds: "${extra.runSeconds ?? 100000}"
spec:
  image: nodus/python:3.12
  command: [python, train.py]
  resources: {cpu: 1, memoryGiB: 2}
  maxCostUSD: "${extra.maxCostUSD ?? '5.00'}"
${extra.state ? `  state: ${extra.state}\n` : ''}`;
}

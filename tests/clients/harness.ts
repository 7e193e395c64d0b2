/**
 * The clients suite's harness: a real mock with its HTTPS port (the official clients send no bearer token over
 * plain HTTP), a kubeconfig for it in a temp dir per test file, and a runner for the official Python client's
 * scripts. A missing client fails the suite with what to install: it never skips.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import type { MockConfig } from '@/mock/config.ts';
import { startMockServer, type MockServer } from '@/mock/server.ts';

export interface Clients {
  server: () => MockServer;
  kubeconfig: () => string;
  /** Runs tests/clients/python/<script> and returns each check it printed with its outcome ('ok' or why not). */
  python: (script: string) => Promise<Map<string, string>>;
}

// Debian's python3-kubernetes lives in the system Python; a python3 earlier on PATH (pyenv, a venv) lacks it.
const PYTHON = process.env.PYTHON || '/usr/bin/python3';
const SCRIPTS = fileURLToPath(new URL('./python/', import.meta.url));
const RUN_TIMEOUT_MS = 30_000;

const MISSING = `the official Python client is not installed for ${PYTHON}. Install it: \`bash .ci/run\` does, or run
\`apt-get install -y python3-kubernetes\` (or point $PYTHON at a python3 that can import kubernetes).`;

/** `ok <check>` and `FAIL <check>: <why>` lines, keyed by check; anything else the script printed is kept too. */
export function outcomes(stdout: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    if (line.startsWith('ok ')) found.set(line.slice(3), 'ok');
    else if (line.startsWith('FAIL ')) {
      const at = line.indexOf(': ');
      found.set(line.slice(5, at < 0 ? undefined : at), at < 0 ? 'failed' : line.slice(at + 2));
    }
  }
  return found;
}

export function withClients(config: Partial<MockConfig> = {}): Clients {
  let server: MockServer | undefined;
  let dir = '';

  beforeAll(async () => {
    // Fast lifecycles, short finalizers so deletes finish, and bookmarks often enough for a short watch to get one.
    server = await startMockServer({
      port: 0,
      tlsPort: 0,
      speed: 40,
      finalizeSeconds: 0.2,
      bookmarkSeconds: 0.3,
      ...config,
    });
    dir = mkdtempSync(join(tmpdir(), 'nodus-clients-'));
    writeFileSync(
      join(dir, 'kubeconfig'),
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
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const python = (script: string): Promise<Map<string, string>> =>
    new Promise((resolve, reject) => {
      const env = {
        ...process.env,
        KUBECONFIG: join(dir, 'kubeconfig'),
        CLIENTS_TMP: dir,
        PYTHONDONTWRITEBYTECODE: '1',
      };
      execFile(
        PYTHON,
        [join(SCRIPTS, script)],
        { env, cwd: SCRIPTS, timeout: RUN_TIMEOUT_MS },
        (error, stdout, stderr) => {
          if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new Error(MISSING));
          if (/No module named 'kubernetes'/.test(stderr)) return reject(new Error(MISSING));
          const found = outcomes(stdout);
          // A script that died midway: its unprinted checks say why.
          if (error) found.set('(the script)', `exited with ${error.code ?? error.signal}: ${stderr.trim()}`);
          resolve(found);
        },
      );
    });

  return { server: () => server!, kubeconfig: () => join(dir, 'kubeconfig'), python };
}

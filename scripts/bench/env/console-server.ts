/**
 * The console as users run it: a production build (`vite build`, into a temp directory) served by `vite preview`
 * on a free port, whose /api, /apis… proxy is the dev server's (vite.config.ts; preview.proxy defaults to
 * server.proxy) pointed at the benchmark's mock. A production build ships no API key, so this one is built with
 * the mock's demo key (VITE_NODUS_API_KEY), as a deployment would configure its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from 'vite';
import { DEMO_API_KEY } from '../../../src/shared/protocol.ts';
import { buildConsole, ROOT } from '../../budget/build-console.ts';

export interface ConsoleServer {
  url: string;
  /** The build's chunks, for the bundle figure. */
  output: readonly { type: string }[];
  close: () => Promise<void>;
}

export async function startConsole(options: { mockPort: number; log: (message: string) => void }): Promise<ConsoleServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'nodus-bench-console-'));
  // Both are read when Vite loads vite.config.ts and the build's env, in this process only.
  process.env.VITE_NODUS_API_KEY = DEMO_API_KEY;
  process.env.NODUS_MOCK_PORT = String(options.mockPort);
  const started = performance.now();
  const output = await buildConsole({ outDir });
  options.log(`built the console in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = await preview({
    root: ROOT,
    configFile: `${ROOT}vite.config.ts`,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const address = server.httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    output,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

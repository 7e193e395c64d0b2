/**
 * The console as users run it: a production build (`vite build`, into a temp directory) served by the console's
 * own server (`npm run preview`, scripts/serve) on a free port, in a child process (console-process.ts), its API
 * paths forwarded to the benchmark's mock. A production build ships no API key, so this one is built with the
 * mock's demo key (VITE_NODUS_API_KEY), as a deployment would configure its own.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_API_KEY } from '../../../src/shared/protocol.ts';
import { buildConsole } from '../../budget/build-console.ts';
import type { ConsoleProcessConfig, ConsoleProcessMessage } from './console-process.ts';
import { nextMessage, tsxExecArgv } from './mock.ts';

export interface ConsoleServer {
  url: string;
  /** The build's chunks, for the bundle figure. */
  output: readonly { type: string }[];
  /** The sockets open to the console's server now (the browser's, to the console's origin). */
  connections: () => Promise<number>;
  close: () => Promise<void>;
}

/** Where the least a page could do to show a list's first rows is served, beside the console (floor-page.js). */
export const FLOOR_PAGE = '/bench-floor.html';

function writeFloorPage(outDir: string): void {
  copyFileSync(new URL('../browser/floor-page.js', import.meta.url), join(outDir, 'bench-floor.js'));
  writeFileSync(
    join(outDir, 'bench-floor.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head>' +
      '<body><script src="/bench-floor.js"></script></body></html>\n',
  );
}

export async function startConsole(options: {
  mockPort: number;
  log: (message: string) => void;
  minify?: boolean;
}): Promise<ConsoleServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'nodus-bench-console-'));
  // Read when Vite loads vite.config.ts and the build's env, in this process only.
  process.env.VITE_NODUS_API_KEY = DEMO_API_KEY;
  const started = performance.now();
  const output = await buildConsole({ outDir, minify: options.minify ?? true });
  options.log(`built the console in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  writeFloorPage(outDir);
  const script = fileURLToPath(new URL('./console-process.ts', import.meta.url));
  const config: ConsoleProcessConfig = { outDir, mockPort: options.mockPort };
  const child = fork(script, [JSON.stringify(config)], {
    execArgv: tsxExecArgv(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await nextMessage<ConsoleProcessMessage, 'ready'>(child, 'ready');
  return {
    url: ready.url,
    output,
    connections: async () => {
      const answer = nextMessage<ConsoleProcessMessage, 'connections'>(child, 'connections');
      child.send({ type: 'connections' });
      return (await answer).count;
    },
    close: async () => {
      if (child.exitCode === null) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * `vite preview` of the benchmark's console build, in a process of its own (forked by console-server.ts). Its
 * proxy carries every byte between the browser and the mock: in the benchmark's own process it waited on
 * whatever that process did (Playwright's protocol, a garbage collection of what the last scenario parsed), and
 * a page of the list took half a second where it takes ten milliseconds.
 */
import type { AddressInfo } from 'node:net';
import { preview } from 'vite';
import { ROOT } from '../../budget/build-console.ts';

export interface ConsoleProcessConfig {
  outDir: string;
  mockPort: number;
}

export type ConsoleProcessMessage = { type: 'ready'; url: string };

const config = JSON.parse(process.argv[2] ?? '{}') as ConsoleProcessConfig;
// Read when Vite loads vite.config.ts: where the /api proxy points.
process.env.NODUS_MOCK_PORT = String(config.mockPort);
const server = await preview({
  root: ROOT,
  configFile: `${ROOT}vite.config.ts`,
  logLevel: 'warn',
  build: { outDir: config.outDir },
  preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
});

const stop = () => void server.close().then(() => process.exit(0));
process.on('message', (message: { type?: string }) => {
  if (message.type === 'close') stop();
});
// The parent went away without a word (a crash, Ctrl-C): do not outlive it.
process.on('disconnect', stop);

const address = server.httpServer.address() as AddressInfo;
process.send?.({ type: 'ready', url: `http://127.0.0.1:${address.port}` } satisfies ConsoleProcessMessage);

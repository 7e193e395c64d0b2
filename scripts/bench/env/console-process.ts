/**
 * The console's own server (`npm run preview`: scripts/serve) for the benchmark's build, in a process of its own
 * (forked by console-server.ts). Its proxy carries every byte between the browser and the mock: in the benchmark's
 * own process it waited on whatever that process did (Playwright's protocol, a garbage collection of what the last
 * scenario parsed), and a page of the list took half a second where it takes ten milliseconds.
 */
import type { AddressInfo } from 'node:net';
import { createConsoleServer } from '../../serve/server.ts';

export interface ConsoleProcessConfig {
  outDir: string;
  mockPort: number;
}

export type ConsoleProcessMessage = { type: 'ready'; url: string } | { type: 'connections'; count: number };

const config = JSON.parse(process.argv[2] ?? '{}') as ConsoleProcessConfig;
const api = `http://127.0.0.1:${config.mockPort}`;
// The mock's origin may be called straight from the console's pages: the benchmark reads the list cross-origin too.
const server = createConsoleServer({ dist: config.outDir, apiUrl: api, connectOrigins: [api] });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
// The sockets the browser holds to the console's origin (the `tabs` scenario asks).
let open = 0;
server.on('connection', (socket) => {
  open++;
  socket.once('close', () => open--);
});

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('message', (message: { type?: string }) => {
  if (message.type === 'close') stop();
  if (message.type === 'connections')
    process.send?.({ type: 'connections', count: open } satisfies ConsoleProcessMessage);
});
// The parent went away without a word (a crash, Ctrl-C): do not outlive it.
process.on('disconnect', stop);

const address = server.address() as AddressInfo;
process.send?.({ type: 'ready', url: `http://127.0.0.1:${address.port}` } satisfies ConsoleProcessMessage);

/**
 * The benchmark's mock API, in a process of its own (forked by mock.ts): what the benchmark measures (a browser,
 * kubectl, a watch cache in another child) must not share an event loop with the server it talks to, or the
 * figures would mix the two. Tells its parent where it listens, and closes when told or when the parent goes.
 */
import { startMockServer } from '../../../src/mock/server.ts';

export interface MockProcessConfig {
  historyLimit: number;
  speed: number;
}

export type MockProcessMessage =
  | { type: 'ready'; url: string; tlsUrl: string; certPath: string }
  | { type: 'memory'; heapUsedMB: number; rssMB: number }
  | { type: 'origin-allowed' };

const config = JSON.parse(process.argv[2] ?? '{}') as MockProcessConfig;
const server = await startMockServer({
  port: 0,
  tlsPort: 0,
  // Seeded objects carry nodus.dev/bench=true and the controller leaves them alone; it runs for what the
  // benchmark creates itself (the log scenario's Job), fast so that such a Job gets going at once.
  controller: true,
  speed: config.speed,
  demoData: false,
  historyLimit: config.historyLimit,
});

const send = (message: MockProcessMessage): void => {
  process.send?.(message);
};

process.on('message', (message: { type?: string }) => {
  if (message.type === 'memory') {
    const usage = process.memoryUsage();
    send({ type: 'memory', heapUsedMB: usage.heapUsed / 2 ** 20, rssMB: usage.rss / 2 ** 20 });
  } else if (message.type === 'allow-origin') {
    // The console's preview server listens on a free port, known only once it runs after this mock.
    server.state.config.allowedOrigins.push((message as { origin: string }).origin);
    send({ type: 'origin-allowed' });
  } else if (message.type === 'close') {
    void server.close().then(() => process.exit(0));
  }
});
// The parent went away without a word (a crash, Ctrl-C): do not outlive it.
process.on('disconnect', () => {
  void server.close().then(() => process.exit(0));
});

send({ type: 'ready', url: server.url, tlsUrl: server.tlsUrl ?? '', certPath: server.certPath ?? '' });

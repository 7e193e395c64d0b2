/** `npm run mock`: the mock Nodus API on http://127.0.0.1:8001 (NODUS_MOCK_PORT to change). */
import { configFromEnv, startMockServer } from './server.ts';

const config = configFromEnv();
const server = await startMockServer(config);
const key = config.apiKey === 'nodus-dev-key' ? 'nodus-dev-key' : 'from NODUS_MOCK_API_KEY';
console.log(
  `Nodus mock API on ${server.url}${server.tlsUrl ? ` and ${server.tlsUrl} (for kubectl; certificate ${server.certPath})` : ''}, API key ${key}`,
);
console.log(`Accepting at most ${server.maxConnections} connections at once (NODUS_MOCK_MAX_CONNECTIONS to change)`);

const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/**
 * `npm run preview`: serves the production build (dist/, from `npm run build`) with the console's security
 * headers, and forwards the API's paths to NODUS_API_URL (default: the bundled mock on 127.0.0.1:8001).
 *
 *   npm run build && npm run preview
 *   NODUS_API_URL=https://api.example.com PORT=8080 HOST=0.0.0.0 npm run preview
 *   npm run preview -- --dist /tmp/console --port 14105 --api http://127.0.0.1:18001
 *
 * Options (flags win over the environment): --dist (NODUS_CONSOLE_DIST, default dist), --port (PORT, 4173),
 * --host (HOST, 127.0.0.1), --api (NODUS_API_URL; `none` to serve files only), --connect (NODUS_CONNECT_ORIGINS,
 * comma-separated origins the build calls directly, for connect-src), --mock-controls (NODUS_SERVE_MOCK_CONTROLS=1:
 * forward the bundled mock's /_mock/ development controls too, for test runs only; refused with 404 otherwise),
 * --cert and --key (NODUS_SERVE_CERT, NODUS_SERVE_KEY: PEM files) to serve HTTPS with HTTP/2, or --tls
 * (NODUS_SERVE_TLS=1) for a self-signed certificate for 127.0.0.1 and localhost, made as the mock makes its own.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensureCertificate } from '../../src/mock/tls.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import { createConsoleServer } from './server.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    api: { type: 'string' },
    connect: { type: 'string' },
    'mock-controls': { type: 'boolean' },
    cert: { type: 'string' },
    key: { type: 'string' },
    tls: { type: 'boolean' },
  },
});

const dist = values.dist ?? process.env.NODUS_CONSOLE_DIST ?? 'dist';
const port = Number(values.port ?? process.env.PORT ?? 4173);
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const api = values.api ?? process.env.NODUS_API_URL ?? `http://127.0.0.1:${process.env.NODUS_MOCK_PORT ?? 8001}`;
const connectOrigins = (values.connect ?? process.env.NODUS_CONNECT_ORIGINS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${JSON.stringify(values.port ?? process.env.PORT)}`);
  process.exit(2);
}

const mockControls = values['mock-controls'] ?? process.env.NODUS_SERVE_MOCK_CONTROLS === '1';
const certFile = values.cert ?? process.env.NODUS_SERVE_CERT;
const keyFile = values.key ?? process.env.NODUS_SERVE_KEY;
if ((certFile === undefined) !== (keyFile === undefined)) {
  console.error('--cert and --key go together: the certificate and its private key, both PEM files.');
  process.exit(2);
}
const selfSigned = values.tls ?? process.env.NODUS_SERVE_TLS === '1';
const tls = certFile
  ? { cert: readFileSync(certFile), key: readFileSync(keyFile!) }
  : selfSigned
    ? ensureCertificate()
    : undefined;
const server = createConsoleServer({
  dist,
  apiUrl: api === 'none' ? undefined : api,
  connectOrigins,
  mockControls,
  ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
});
server.on('error', (error) => {
  console.error(`The console's server could not start: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => {
  console.log(
    `Nodus Console (${dist}) at ${tls ? 'https' : 'http'}://${host}:${port}${tls ? ' (HTTP/2)' : ''}${api === 'none' ? '' : `, API paths forwarded to ${api}`}${mockControls ? " (the mock's /_mock/ controls too: for tests only)" : ''}`,
  );
  console.log(`Content-Security-Policy: ${contentSecurityPolicy({ connectOrigins })}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));

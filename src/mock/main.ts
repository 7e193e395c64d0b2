/** `npm run mock`: the mock Nodus API on http://127.0.0.1:8001 (NODUS_MOCK_PORT to change). */
import { DEMO_API_KEY } from '../shared/protocol.ts';
import { DEMO_TEAM, demoKeyOf, rolesOf } from './demo/demo-team.ts';
import { CONSOLE_ORIGINS } from './http/cors.ts';
import { configFromEnv, startMockServer } from './server.ts';

const config = configFromEnv();
const server = await startMockServer(config);
const demoKey = config.apiKey === DEMO_API_KEY;
const key = demoKey ? DEMO_API_KEY : 'from NODUS_MOCK_API_KEY';
console.log(
  `Nodus mock API on ${server.url}${server.tlsUrl ? ` and ${server.tlsUrl} (for kubectl; certificate ${server.certPath})` : ''}, API key ${key}`,
);
// Said at every start: whoever reaches this server can use the public demo key (docs/SECURITY.md).
console.log(
  [
    'This is a development server, not a secure API',
    demoKey ? ': anyone who reaches it can use the public demo key' : '',
    config.devControls ? `${demoKey ? ', and' : ':'} /_mock/ resets or breaks it` : '',
    '. Keep it on this machine (docs/SECURITY.md).',
  ].join(''),
);
if (config.demoData) {
  // The demo's people and their public keys, to try what each role may do (src/mock/demo/demo-team.ts).
  const width = Math.max(...DEMO_TEAM.map((m) => m.user.length));
  console.log(`Demo users (Authorization: Bearer <key>): ${config.principal} with ${key} is an org admin;`);
  for (const member of DEMO_TEAM)
    console.log(
      `  ${member.user.padEnd(width)}  ${demoKeyOf(member.user).padEnd(width + 11)}  ${rolesOf(server.state, member.user)}`,
    );
}
console.log(
  `Browser pages allowed to call it: ${[...CONSOLE_ORIGINS, ...config.allowedOrigins].join(', ')} and its own (NODUS_MOCK_ALLOWED_ORIGINS to add).`,
);
console.log(`Accepting at most ${server.maxConnections} connections at once (NODUS_MOCK_MAX_CONNECTIONS to change)`);

const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
